/**
 * Prepared statements for the embedded database's thread, as postgres.js keeps them on PostgreSQL: each distinct
 * statement is parsed and described once, under a name, and from then on runs with one exchange (bind, execute,
 * sync) with PGlite's engine. PGlite's own `query` parses and plans every statement afresh in five exchanges;
 * see docs/decisions/2026-11-24-one-idempotency-path.md for the figures.
 *
 * Only statements of an open transaction go this way: the engine is then held by that transaction, so nothing else
 * can run between the exchanges. Statements outside a transaction take PGlite's `query`, which waits its turn.
 */
import { types, type PGlite, type Results } from '@electric-sql/pglite';

const encoder = new TextEncoder();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const int16 = (value: number) => new Uint8Array([(value >> 8) & 0xff, value & 0xff]);
const int32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setInt32(0, value);
  return bytes;
};
const cString = (text: string) => concat([encoder.encode(text), new Uint8Array([0])]);

/** A frontend message of PostgreSQL's wire protocol: its type byte, its length, its body. */
function frontendMessage(type: string, body: Uint8Array[]): Uint8Array {
  const payload = concat(body);
  return concat([encoder.encode(type), int32(payload.length + 4), payload]);
}

const parse = (name: string, text: string) => frontendMessage('P', [cString(name), cString(text), int16(0)]);
const describe = (name: string) => frontendMessage('D', [encoder.encode('S'), cString(name)]);
/** Every parameter and every column in text format. */
const bind = (name: string, values: (string | null)[]) =>
  frontendMessage('B', [
    cString(''),
    cString(name),
    int16(0),
    int16(values.length),
    ...values.map((value) => {
      if (value === null) return int32(-1);
      const bytes = encoder.encode(value);
      return concat([int32(bytes.length), bytes]);
    }),
    int16(0),
  ]);
const execute = () => frontendMessage('E', [cString(''), int32(0)]);
const sync = () => frontendMessage('S', []);

interface Statement {
  name: string;
  parameterTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

/** The backend messages this file reads, as PGlite's protocol parser gives them. */
type BackendMessage =
  | { name: 'parameterDescription'; dataTypeIDs: number[] }
  | { name: 'rowDescription'; fields: { name: string; dataTypeID: number }[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: 'commandComplete'; text: string }
  | { name: string };

/** Statements worth keeping: the app's reads and writes (a migration's DDL runs once). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Distinct statements kept at most; the app has a few hundred, and one built per request would not be reused. */
const MAX_STATEMENTS = 1000;

/** Rows counted by the command tag: "INSERT 0 3", "UPDATE 2", "DELETE 1". */
function affectedRowsOf(tag: string | undefined): number {
  const [command, ...counts] = tag?.split(' ') ?? [];
  if (!command || !['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command)) return 0;
  return Number(counts.at(-1) ?? 0);
}

export class PreparedStatements {
  readonly #database: PGlite;
  /** Each statement's preparation, kept from its first run (a failed one is forgotten, and tried again). */
  readonly #statements = new Map<string, Promise<Statement>>();
  #named = 0;

  constructor(database: PGlite) {
    this.#database = database;
  }

  /** Whether `text` runs through a prepared statement (else the caller runs it through PGlite's `query`). */
  handles(text: string): boolean {
    return PREPARABLE.test(text) && (this.#statements.has(text) || this.#statements.size < MAX_STATEMENTS);
  }

  #prepare(text: string): Promise<Statement> {
    let statement = this.#statements.get(text);
    if (!statement) {
      this.#named += 1;
      statement = this.#parse(`cv_${this.#named}`, text);
      this.#statements.set(text, statement);
      statement.catch(() => this.#statements.delete(text));
    }
    return statement;
  }

  async #parse(name: string, text: string): Promise<Statement> {
    const { messages } = await this.#database.execProtocol(concat([parse(name, text), describe(name), sync()]));
    const statement: Statement = { name, parameterTypes: [], fields: [] };
    for (const message of messages as BackendMessage[]) {
      if ('dataTypeIDs' in message) statement.parameterTypes = message.dataTypeIDs;
      if (message.name === 'rowDescription' && 'fields' in message) {
        statement.fields = (message.fields as { name: string; dataTypeID: number }[]).map(({ name, dataTypeID }) => ({
          name,
          dataTypeID,
        }));
      }
    }
    return statement;
  }

  /** Runs `text` with `params`, answering as PGlite's `query` does. */
  async query(text: string, params: unknown[] = [], rowMode: 'array' | 'object' = 'object'): Promise<Results> {
    const statement = await this.#prepare(text);
    const database = this.#database;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serialize = database.serializers[statement.parameterTypes[index] ?? 0];
      return serialize ? serialize(param) : String(param);
    });
    const { messages } = await database.execProtocol(concat([bind(statement.name, values), execute(), sync()]));
    const parseValue = (value: string | null, dataTypeID: number): unknown => {
      if (value === null) return null;
      const parser = database.parsers[dataTypeID] ?? types.parsers[dataTypeID];
      return parser ? parser(value, dataTypeID) : value;
    };
    const rows: Results['rows'] = [];
    let tag: string | undefined;
    for (const message of messages as BackendMessage[]) {
      if (message.name === 'dataRow' && 'fields' in message) {
        const cells = (message.fields as (string | null)[]).map((value, index) =>
          parseValue(value, statement.fields[index]!.dataTypeID),
        );
        rows.push(
          rowMode === 'array'
            ? cells
            : Object.fromEntries(statement.fields.map((field, index) => [field.name, cells[index]])),
        );
      } else if (message.name === 'commandComplete' && 'text' in message) {
        tag = message.text;
      }
    }
    return { rows, fields: statement.fields, affectedRows: affectedRowsOf(tag) };
  }
}
