import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson, { type AnySchema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, toJSONSchema } from 'zod/v4/core';
import { jsonTextOf } from './json-text.js';

/**
 * The schema without `additionalProperties: false`, at every depth. fast-json-stringify writes only the declared
 * properties either way; but it picks the branch of a union (a nullable object) by validating the value, and a closed
 * object would refuse a value with more properties than the contract, where zod leaves them out.
 */
function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openObjects(value)]),
  );
}

/**
 * The serializer of every route's JSON answers. A route's zod response schema is turned into JSON Schema once, and
 * fast-json-stringify (Fastify's own serializer) writes the answers from it: only the contract's fields go out, as
 * with zod, at a fraction of zod's cost per answer (docs/decisions/2026-11-25-cost-per-request.md). A schema that
 * JSON Schema cannot express is written by zod. With `check` (the server tests run so), each answer is also written
 * by zod, which fails one that breaks the contract, and the two writings must say the same.
 */
export function responseSerializerCompiler(check: boolean): FastifySerializerCompiler<unknown> {
  return (route) => withKnownTexts(writerOf(route, check), check);
}

/**
 * `write`, but an answer that came with its JSON text (`withJsonText`) is sent as that text. With `check`, the text
 * must say what `write` says.
 */
function withKnownTexts(write: (data: unknown) => string, check: boolean): (data: unknown) => string {
  return (data) => {
    const known = jsonTextOf(data);
    if (known === undefined) return write(data);
    if (check) {
      const written = write(data);
      if (!sameJson(known, written)) {
        throw new Error(`An answer's own text differs from its schema's writing\n${known}\n${written}`);
      }
    }
    return known;
  };
}

/** The route's writer: fast-json-stringify from its schema, zod where JSON Schema cannot express it. */
function writerOf(route: Parameters<FastifySerializerCompiler<unknown>>[0], check: boolean): (data: unknown) => string {
  const zodWriter = () => zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const { schema } = route;
  if (!(schema instanceof $ZodType)) return zodWriter();
  let stringify: (data: unknown) => string;
  try {
    stringify = fastJson(
      openObjects(toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' })) as AnySchema,
    );
  } catch {
    return zodWriter();
  }
  if (!check) return stringify;
  const zodWrite = zodWriter();
  return (data) => {
    const expected = zodWrite(data);
    const written = stringify(data);
    if (!sameJson(written, expected)) {
      throw new Error(
        `${route.method} ${route.url}: the answer written differs from its zod schema's\n${written}\n${expected}`,
      );
    }
    return written;
  };
}

/** True when two JSON texts say the same, whatever their spacing and key order. */
function sameJson(a: string, b: string): boolean {
  return isDeepStrictEqual(JSON.parse(a), JSON.parse(b));
}
