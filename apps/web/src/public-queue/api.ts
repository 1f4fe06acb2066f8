import type { PublicLineUpdate, PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { QUEUE_STATES } from '@truck-queue/shared/queue/queue-machine';
import { config } from '../lib/config.ts';

/**
 * The contract's path and API key header (public-queue.contract.ts, contracts/api.ts), written
 * out here: importing those modules would pull zod into this page's bundle.
 */
export const QUEUE_INFORMATION_URL = '/api/process/user/queueInformation';
export const HEADER_API_KEY = 'authorization';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isWeighing(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.kg === 'number' &&
    typeof value.at === 'string' &&
    (value.source === 'indicator' || value.source === 'manual' || value.source === 'stored_tare')
  );
}

/** The slip's figures the page shows: the weighings, the totals, and its lists. */
function isSlip(value: unknown): boolean {
  return (
    isRecord(value) &&
    isWeighing(value.weigh_in) &&
    isWeighing(value.weigh_out) &&
    ['gross_kg', 'tare_kg', 'net_kg', 'deducted_kg', 'paid_kg'].every(
      (key) => typeof value[key] === 'number',
    ) &&
    Array.isArray(value.lab_values) &&
    Array.isArray(value.deductions) &&
    Array.isArray(value.weight_warnings)
  );
}

/** A light check of the answer's shape, enough that the page never renders undefined fields. */
export function isPublicQueue(value: unknown): value is PublicQueue {
  if (!isRecord(value)) return false;
  const v = value;
  return (
    typeof v.uuid === 'string' &&
    typeof v.ticket_code === 'string' &&
    typeof v.queue_number === 'string' &&
    typeof v.company_name === 'string' &&
    typeof v.branch_name === 'string' &&
    typeof v.created_view === 'string' &&
    typeof v.flow_engine_id === 'number' &&
    typeof v.queue_state === 'string' &&
    (QUEUE_STATES as readonly string[]).includes(v.queue_state) &&
    (v.ahead === null || typeof v.ahead === 'number') &&
    (v.station_name === null || typeof v.station_name === 'string') &&
    typeof v.lab_done === 'boolean' &&
    typeof v.exited === 'boolean' &&
    (v.previous_number === undefined ||
      v.previous_number === null ||
      typeof v.previous_number === 'string') &&
    (v.reason_name === undefined || v.reason_name === null || typeof v.reason_name === 'string') &&
    (v.slip === undefined || v.slip === null || isSlip(v.slip)) &&
    (v.dispute === undefined ||
      v.dispute === null ||
      (isRecord(v.dispute) &&
        typeof v.dispute.note === 'string' &&
        typeof v.dispute.resolved === 'boolean')) &&
    isRecord(v.queue_type_info) &&
    typeof v.queue_type_info.queue_type_name === 'string' &&
    isRecord(v.product_info) &&
    typeof v.product_info.name === 'string'
  );
}

/** The place in its line the socket pushes (`line`): what the page merges into its ticket. */
export function isLineUpdate(value: unknown): value is PublicLineUpdate {
  if (!isRecord(value)) return false;
  const wait = value.expected_wait;
  const hold = value.line_hold;
  return (
    typeof value.queue_state === 'string' &&
    (QUEUE_STATES as readonly string[]).includes(value.queue_state) &&
    (value.ahead === null || (typeof value.ahead === 'number' && value.ahead >= 0)) &&
    (value.station_name === null || typeof value.station_name === 'string') &&
    (wait === null || (isRecord(wait) && typeof wait.low === 'number' && typeof wait.high === 'number')) &&
    (hold === null ||
      (isRecord(hold) &&
        typeof hold.class_name === 'string' &&
        typeof hold.max_percent === 'number' &&
        (hold.of === 'loads' || hold.of === 'tonnes')))
  );
}

/** The server could not be reached or answered something unusable: try again later. */
export class QueueLoadError extends Error {
  override name = 'QueueLoadError';
}

/**
 * POST process/user/queueInformation. Resolves with the ticket, or null when there is no such
 * ticket (404, or 400 for an id the server does not accept); throws QueueLoadError otherwise.
 */
export async function fetchQueueInformation(uuid: string, signal?: AbortSignal): Promise<PublicQueue | null> {
  let response: Response;
  try {
    response = await fetch(QUEUE_INFORMATION_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADER_API_KEY]: config.apiKey },
      body: JSON.stringify({ queue_number_id: uuid }),
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new QueueLoadError('network');
  }
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new QueueLoadError(`HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new QueueLoadError('not JSON');
  }
  if (!isRecord(body) || body.status !== 1 || !isPublicQueue(body.queue))
    throw new QueueLoadError('bad shape');
  return body.queue;
}

/** The address the driver's dispute goes to (dispute.contract.ts fileDispute). */
export const DISPUTE_URL = '/api/process/user/dispute';

/**
 * The driver disputes his slip. Resolves with null once sent, or the server's reason when it
 * refused (`DISPUTE_OPEN`, `NO_SLIP`, `VALIDATION_FAILED`...), or 'network' when it was not reached.
 */
export async function sendDispute(uuid: string, note: string): Promise<string | null> {
  try {
    const response = await fetch(DISPUTE_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADER_API_KEY]: config.apiKey },
      body: JSON.stringify({ queue_number_id: uuid, note }),
      cache: 'no-store',
    });
    if (response.ok) return null;
    const body: unknown = await response.json().catch(() => null);
    if (isRecord(body) && typeof body.reason === 'string') return body.reason;
    return isRecord(body) && typeof body.code === 'string' ? body.code : 'network';
  } catch {
    return 'network';
  }
}
