import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A raw statement written with Drizzle (its tables and columns, and a placeholder for each of the values `names`)
 * whose text is made once: each call gives back the same text with that call's values, which costs a few string
 * pieces instead of walking every table and column again. For the hot statements that run inside a transaction,
 * where Drizzle's `.prepare()` cannot serve (it prepares on the database, not on the transaction). See
 * docs/decisions/2026-11-26-keyed-writes-sent-together.md.
 */
export function builtOnce<Name extends string>(
  names: Name[],
  build: (placeholders: Record<Name, Placeholder<Name>>) => SQL,
): (values: Record<Name, unknown>) => SQL {
  const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)]));
  const { sql: text, params } = dialect.sqlToQuery(build(placeholders as Record<Name, Placeholder<Name>>));
  const pieces = text.split(/\$\d+\b/);
  if (pieces.length !== params.length + 1) {
    throw new Error(`A statement built once must hold no "$" but its parameters: ${text}`);
  }
  const strings = Object.assign([...pieces], { raw: pieces }) as unknown as TemplateStringsArray;
  return (values) => sql(strings, ...fillPlaceholders(params, values).map((value) => sql.param(value)));
}
