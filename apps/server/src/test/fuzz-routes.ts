import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ALL_CONTRACTS } from '@truck-queue/shared/contracts/all';
import type { ApiContract } from '@truck-queue/shared/contracts/api';

/** The fuzzer's view of the API: every contract, and every /api route the app really has. */

/** Every contract the shared package exports, once each, in a stable order. */
export function apiContracts(): ApiContract[] {
  return [...ALL_CONTRACTS];
}

/** The top-level field names a body schema knows (every branch of a union). */
export function fieldNames(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion)
    return [...new Set(schema.options.flatMap((o) => fieldNames(o as z.ZodType)))];
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in as z.ZodType);
  return [];
}

/**
 * `METHOD /path` of every route under /api, read from Fastify's route tree (printRoutes merges
 * common prefixes into parent lines, so each line's path is its parent's plus its own segment).
 */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    if (!match[3] || !path.startsWith('/api/')) continue;
    for (const method of match[3].split(', ')) routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
