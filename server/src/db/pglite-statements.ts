/**
 * Prepared statements on the embedded database, as postgres.js keeps them on PostgreSQL: each distinct statement is
 * parsed and described once, under a name, and from then on runs with one exchange (bind, execute, sync) with
 * PGlite's engine. PGlite's own `query` parses and plans every statement afresh in five exchanges; see
 * docs/decisions/2026-11-24-one-idempotency-path.md for the figures.
 *
 * This runs on the server's thread: it writes the protocol's messages and reads the engine's answer, and the
 * database's thread only passes the bytes to the engine and back (`engineAnswer` in pglite-worker.ts). That thread is
 * the one both threads wait for under load (docs/decisions/2026-11-26-keyed-writes-sent-together.md).
 *
 * Only statements of an open transaction go this way: the engine is then held by that transaction, so nothing else
 * can run between the exchanges. Statements outside a transaction take PGlite's `query`, which waits its turn.
 */
import { types, type Results } from '@electric-sql/pglite';

const encoder = new TextEncoder();

/** The parts' bytes, one after the other, in one array of their own. */
export function concat(parts: Uint8Array[]): Uint8Array {
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

/** A message of the engine's answer: its type byte and its body. */
interface BackendMessage {
  type: string;
  body: DataView;
}

const decoder = new TextDecoder();

function messagesOf(bytes: Uint8Array): BackendMessage[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const messages: BackendMessage[] = [];
  for (let offset = 0; offset + 5 <= bytes.byteLength;) {
    const length = view.getInt32(offset + 1);
    messages.push({
      type: String.fromCharCode(bytes[offset]!),
      body: new DataView(bytes.buffer, bytes.byteOffset + offset + 5, length - 4),
    });
    offset += 1 + length;
  }
  return messages;
}

/** Reads a body's fields in order: 16- and 32-bit integers, strings ended by a zero byte, runs of bytes. */
class Reader {
  #offset = 0;
  constructor(readonly body: DataView) {}
  int16(): number {
    const value = this.body.getInt16(this.#offset);
    this.#offset += 2;
    return value;
  }
  int32(): number {
    const value = this.body.getInt32(this.#offset);
    this.#offset += 4;
    return value;
  }
  /** The next byte, not read. */
  peek(): number {
    return this.body.getUint8(this.#offset);
  }
  cString(): string {
    const start = this.#offset;
    while (this.body.getUint8(this.#offset) !== 0) this.#offset += 1;
    const text = this.text(start, this.#offset - start);
    this.#offset += 1;
    return text;
  }
  /** The next `length` bytes, as text. */
  string(length: number): string {
    const text = this.text(this.#offset, length);
    this.#offset += length;
    return text;
  }
  private text(start: number, length: number): string {
    return decoder.decode(new Uint8Array(this.body.buffer, this.body.byteOffset + start, length));
  }
}

/** The fields of an ErrorResponse, named as PGlite's and node-postgres's errors name them. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** The engine's error as an Error with its fields (`code`, `detail`, `constraint`...). */
function errorOf(body: DataView): Error {
  const reader = new Reader(body);
  const fields: Record<string, string> = {};
  let message = 'The database refused the statement';
  // Fields of a type byte and a string each, up to a zero byte.
  while (reader.peek() !== 0) {
    const field = reader.cString();
    const name = field[0] === 'M' ? 'message' : ERROR_FIELDS[field[0]!];
    if (name === 'message') message = field.slice(1);
    else if (name) fields[name] = field.slice(1);
  }
  return Object.assign(new Error(message), fields);
}

/** Sends protocol messages to the engine, inside the transaction `tx`, and gives back its answer's bytes. */
export type Exchange = (message: Uint8Array, tx: number) => Promise<Uint8Array>;

/**
 * The types Drizzle's parsers (drizzle-orm/pglite) keep as the text PostgreSQL wrote: dates, times, intervals and
 * their arrays. The database's thread makes them its own parsers (pglite-worker.ts).
 */
export const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const drizzleTextTypes = new Set(DRIZZLE_TEXT_TYPES);

function parseValue(value: string, dataTypeID: number): unknown {
  if (drizzleTextTypes.has(dataTypeID)) return value;
  const parser = types.parsers[dataTypeID];
  return parser ? parser(value, dataTypeID) : value;
}

export class PreparedStatements {
  readonly #exchange: Exchange;
  /**
   * Each statement's preparation, kept from its first run (a failed one is forgotten, and tried again), with the
   * transaction that prepares it and whether it is done.
   */
  readonly #statements = new Map<string, { statement: Promise<Statement>; tx: number; ready: boolean }>();
  #named = 0;

  constructor(exchange: Exchange) {
    this.#exchange = exchange;
  }

  /** Whether `text` runs through a prepared statement (else the caller runs it through PGlite's `query`). */
  handles(text: string): boolean {
    return PREPARABLE.test(text) && (this.#statements.has(text) || this.#statements.size < MAX_STATEMENTS);
  }

  #prepare(text: string, tx: number): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known && (known.ready || known.tx === tx)) return known.statement;
    // A preparation still waiting in another transaction is not waited for: that transaction may be waiting for this
    // one to end. This one prepares its own copy under another name; the first ready is kept.
    this.#named += 1;
    const preparation = { statement: this.#parse(`cv_${this.#named}`, text, tx), tx, ready: false };
    if (!known) this.#statements.set(text, preparation);
    preparation.statement.then(
      () => {
        preparation.ready = true;
        if (!this.#statements.get(text)?.ready) this.#statements.set(text, preparation);
      },
      () => {
        if (this.#statements.get(text) === preparation) this.#statements.delete(text);
      },
    );
    return preparation.statement;
  }

  async #parse(name: string, text: string, tx: number): Promise<Statement> {
    const answer = await this.#exchange(concat([parse(name, text), describe(name), sync()]), tx);
    const statement: Statement = { name, parameterTypes: [], fields: [] };
    for (const { type, body } of messagesOf(answer)) {
      if (type === 'E') throw errorOf(body);
      const reader = new Reader(body);
      if (type === 't') {
        const count = reader.int16();
        for (let index = 0; index < count; index += 1) statement.parameterTypes.push(reader.int32());
      } else if (type === 'T') {
        const count = reader.int16();
        for (let index = 0; index < count; index += 1) {
          const fieldName = reader.cString();
          reader.int32(); // table
          reader.int16(); // column
          const dataTypeID = reader.int32();
          reader.int16(); // size
          reader.int32(); // type modifier
          reader.int16(); // format
          statement.fields.push({ name: fieldName, dataTypeID });
        }
      }
    }
    return statement;
  }

  /**
   * Sends `text` with `params` in the transaction `tx` (prepared first when new), and resolves once it is sent, with
   * its answer to come: as PGlite's `query` answers with Drizzle's parsers.
   */
  async send(
    text: string,
    params: unknown[],
    rowMode: 'array' | 'object',
    tx: number,
  ): Promise<{ answer: Promise<Results> }> {
    const statement = await this.#prepare(text, tx);
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serialize = types.serializers[statement.parameterTypes[index] ?? 0];
      return serialize ? serialize(param) : String(param);
    });
    const answer = this.#exchange(concat([bind(statement.name, values), execute(), sync()]), tx);
    return { answer: answer.then((bytes) => resultsOf(bytes, statement, rowMode)) };
  }
}

/** The engine's answer to a statement's run, as PGlite's `query` gives it. */
function resultsOf(answer: Uint8Array, statement: Statement, rowMode: 'array' | 'object'): Results {
  const rows: Results['rows'] = [];
  let tag: string | undefined;
  for (const { type, body } of messagesOf(answer)) {
    if (type === 'E') throw errorOf(body);
    const reader = new Reader(body);
    if (type === 'D') {
      const count = reader.int16();
      const cells: unknown[] = [];
      for (let index = 0; index < count; index += 1) {
        const length = reader.int32();
        cells.push(length < 0 ? null : parseValue(reader.string(length), statement.fields[index]!.dataTypeID));
      }
      rows.push(
        rowMode === 'array'
          ? cells
          : Object.fromEntries(statement.fields.map((field, index) => [field.name, cells[index]])),
      );
    } else if (type === 'C') {
      tag = reader.cString();
    }
  }
  return { rows, fields: statement.fields, affectedRows: affectedRowsOf(tag) };
}
