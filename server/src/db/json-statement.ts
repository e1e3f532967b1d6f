import type { PGliteInterface } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DatabaseHandle } from './client.js';

/** Rows of a raw statement, whichever driver ran it (PGlite answers `{ rows }`, postgres.js an array). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A statement run many times a second with one JSON document as its only parameter. */
export interface JsonStatement<Row> {
  /** Runs on the database or a transaction; `document` is sent as JSON. */
  run(executor: Database, document: unknown): Promise<Row[]>;
  /** The statement with `document`, to run with others by `runSteps`. */
  step(document: unknown): Step<Row>;
}

/** One statement and its document, as `runSteps` runs it. */
export interface Step<Row> {
  prepare(executor: Database): Promise<void>;
  /** The EXECUTE of the embedded database, undefined on PostgreSQL. */
  readonly text: string | undefined;
  run(executor: Database): Promise<Row[]>;
}

/**
 * Runs the steps one after the other, in order, and answers each one's rows. On the embedded database they go in one
 * exchange (one simple query of several statements); on PostgreSQL one after the other.
 */
export async function runSteps(executor: Database, steps: Step<unknown>[]): Promise<unknown[][]> {
  if (steps.some((step) => step.text === undefined)) {
    const rows: unknown[][] = [];
    for (const step of steps) rows.push(await step.run(executor));
    return rows;
  }
  for (const step of steps) await step.prepare(executor);
  if (steps.length === 0) return [];
  const results = await pgliteClientOf(executor).exec(steps.map((step) => step.text).join(';\n'));
  if (results.length !== steps.length) throw new Error(`${steps.length} statements answered ${results.length} results`);
  return results.map((result) => result.rows);
}

const dialect = new PgDialect();

/**
 * The PGlite client (or transaction) under a Drizzle database or transaction. Its simple-query `exec` runs a
 * statement in one exchange with the database, where Drizzle's `execute` takes six (parse, describe, bind,
 * describe, execute, sync) and copies PGlite's table of type parsers for each.
 */
function pgliteClientOf(executor: Database): Pick<PGliteInterface, 'exec'> {
  return (executor._.session as unknown as { client: PGliteInterface }).client;
}
let statementCount = 0;

/** A SQL string literal; valid with `standard_conforming_strings` on, the default since PostgreSQL 9.1. */
function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The shop's busiest statements (the cart's batched writes and reads, the Idempotency-Key look-ups) take all their
 * rows as one JSON document, read with `jsonb_to_recordset`; `build` places the document in the statement.
 *
 * PGlite parses and plans a statement afresh each time it runs, which for these took longer than running them. On
 * PGlite the statement is prepared once (SQL `PREPARE`) and run with `EXECUTE`, its document written as a literal.
 * After a few runs PostgreSQL keeps one plan for every document, made without knowing its rows: the statements
 * therefore look rows up through `lateral` subqueries with `limit 1` (or `= any(array(...))`), which the planner
 * answers with an index whatever a table's size, rather than joins, which a plan made while a table was small would
 * go on answering with a scan of the whole table as it grows (tests/server/cart-batches.test.ts checks the plans).
 * A prepared statement outlives a rolled-back transaction and lasts as long as the database session: the embedded
 * database has one, and each object returned here belongs to the one database it was made for. PostgreSQL runs the
 * statement as usual, with a parameter.
 */
export function jsonStatement<Row>(kind: DatabaseHandle['kind'], build: (document: SQL) => SQL): JsonStatement<Row> {
  if (kind === 'postgres') {
    const run = async (executor: Database, document: unknown) =>
      rowsOf<Row>(await executor.execute(build(sql`${JSON.stringify(document)}::jsonb`)));
    return {
      run,
      step: (document) => ({ text: undefined, prepare: async () => {}, run: (executor) => run(executor, document) }),
    };
  }
  statementCount += 1;
  const name = `json_statement_${statementCount}`;
  const query = dialect.sqlToQuery(build(sql.raw('$1')));
  // Any other value would have become a parameter that EXECUTE cannot pass: constants go in with sql.raw.
  if (query.params.length > 0) throw new Error(`${name} has parameters besides its JSON document`);
  let prepared: Promise<unknown> | undefined;
  const prepare = async (executor: Database) => {
    prepared ??= pgliteClientOf(executor)
      .exec(`prepare ${name}(jsonb) as ${query.sql}`)
      .catch((error: unknown) => {
        prepared = undefined;
        throw error;
      });
    await prepared;
  };
  const step = (document: unknown): Step<Row> => {
    const text = `execute ${name}(${quoteLiteral(JSON.stringify(document))})`;
    return {
      text,
      prepare,
      async run(executor) {
        await prepare(executor);
        const results = await pgliteClientOf(executor).exec(text);
        return (results.at(-1)?.rows ?? []) as Row[];
      },
    };
  };
  return { run: (executor, document) => step(document).run(executor), step };
}
