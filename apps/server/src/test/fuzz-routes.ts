import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiContract } from '@truck-queue/shared/contracts/api';
import * as auth from '@truck-queue/shared/contracts/auth.contract';
import * as catalog from '@truck-queue/shared/contracts/catalog.contract';
import * as controller from '@truck-queue/shared/contracts/controller.contract';
import * as device from '@truck-queue/shared/contracts/device.contract';
import * as officer from '@truck-queue/shared/contracts/officer.contract';
import * as publicQueue from '@truck-queue/shared/contracts/public-queue.contract';
import * as queue from '@truck-queue/shared/contracts/queue.contract';
import * as report from '@truck-queue/shared/contracts/report.contract';
import * as stationWork from '@truck-queue/shared/contracts/station-work.contract';

/** The fuzzer's view of the API: every contract, and every /api route the app really has. */

function isContract(value: unknown): value is ApiContract {
  return (
    typeof value === 'object' && value !== null && 'path' in value && 'access' in value && 'body' in value
  );
}

/** Every contract the shared package exports, once each, in a stable order. */
export function apiContracts(): ApiContract[] {
  const found = new Map<string, ApiContract>();
  const visit = (value: unknown) => {
    if (isContract(value)) found.set(value.path, value);
    else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) visit(v);
  };
  for (const module of [auth, catalog, controller, device, officer, publicQueue, queue, report, stationWork])
    visit(module);
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
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
