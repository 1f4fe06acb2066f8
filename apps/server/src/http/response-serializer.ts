import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Whether a response schema only describes plain JSON data: no transform, codec or type JSON
 * cannot hold (a Date, a bigint). zod's JSON Schema writer refuses exactly those, so it is the test.
 */
export function describesPlainData(schema: z.ZodType): boolean {
  try {
    z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every answer is checked against its contract's response schema before it is sent, and loses
 * any field the contract does not name: a new column never leaks by accident.
 *
 * fastify-type-provider-zod checks with zod's `encode`, which runs every refinement twice (a
 * first pass without them, then with them) and skips the compiled fast path zod has for objects:
 * seven times the cost of `parse` on a session check, more on a page of cards (docs/benchmarks.md,
 * issue 19). For a schema of plain data, decoding and encoding are the same function, so it is
 * checked with `parse`; a schema with a transform or codec keeps `encode`, which runs it backwards.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url } = route;
  // Anything else (a JSON Schema object) goes the provider's way, which refuses what it cannot read.
  if (!(schema instanceof z.ZodType)) return serializerCompiler({ ...route, schema: schema as z.ZodType });
  const check = describesPlainData(schema)
    ? (data: unknown) => schema.safeParse(data)
    : (data: unknown) => schema.safeEncode(data);
  return (data: unknown) => {
    const result = check(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
