import { z } from 'zod';
import { HEADER_API_KEY, HEADER_DEVICE_SECRET } from '@truck-queue/shared/contracts/api';
import { hello } from '@truck-queue/shared/contracts/device.contract';
import { errorText } from './byte-source.ts';
import type { Identity } from './identity.ts';

/**
 * What the bridge needs of the server's answer to `device/hello`: whether an officer registered
 * it, and as what. Read loosely (not with the whole DeviceInfoSchema, which describes displays
 * and kiosks) so a server that adds to a device's info never stops the weight.
 */
const HelloAnswerSchema = z.object({
  status: z.literal(1),
  registered: z.boolean(),
  device: z.object({ name: z.string().optional(), branch_name: z.string().optional() }).nullable().optional(),
});

export type HelloAnswer = { registered: true; name: string; branch: string } | { registered: false };

/** A hello that did not work, with what to tell the plant's IT staff and when to try again. */
export interface HelloFailure {
  message: string;
  /** A person must act (a wrong API key, a copied identity file): try again, but seldom. */
  needsPerson: boolean;
  /** The server asked for this wait (Retry-After), in ms. */
  retryAfterMs?: number;
}

const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  reason: z.string().optional(),
});

/** Why a device id is refused as another device's, and what to do about it. */
export function idTakenMessage(deviceId: string, identityFile: string): string {
  return (
    `The server says another device already uses the id ${deviceId}, with another secret (was ` +
    `${identityFile} copied from another PC, or changed by hand?). Restore this PC's own identity ` +
    'file, or delete it and restart the bridge to get a new id to register.'
  );
}

function failureOf(
  status: number,
  body: unknown,
  retryAfter: string | null,
  context: HelloContext,
): HelloFailure {
  const parsed = ErrorBodySchema.safeParse(body);
  const code = parsed.success ? parsed.data.code : `HTTP ${status}`;
  const said = parsed.success && parsed.data.message ? `: ${parsed.data.message}` : '';
  if (code === 'DEVICE_ID_TAKEN' || (parsed.success && parsed.data.reason === 'DEVICE_ID_TAKEN')) {
    return { message: idTakenMessage(context.identity.device_id, context.identityFile), needsPerson: true };
  }
  if (code === 'BAD_API_KEY' || code === 'UNAUTHENTICATED' || status === 401) {
    return {
      message: `The server refused the API key (${code}): give the server's API_KEY with --api-key.`,
      needsPerson: true,
    };
  }
  if (code === 'RATE_LIMITED' || status === 429) {
    const seconds = Number(retryAfter);
    return {
      message: `The server asks the bridge to slow down (${code}${said}).`,
      needsPerson: false,
      ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  if (status >= 500)
    return { message: `The server failed (${code}${said}): trying again.`, needsPerson: false };
  return {
    message:
      `The server refused this scale's hello (${code}${said}). Check --server, and that the server ` +
      'is a version that knows scales.',
    needsPerson: true,
  };
}

export interface HelloContext {
  server: string;
  apiKey: string;
  identity: Identity;
  identityFile: string;
}

/** POST /api/device/hello as a scale: its answer, or why not (the server down counts too). */
export async function sayHello(
  context: HelloContext,
  signal: AbortSignal,
): Promise<{ answer: HelloAnswer } | { failure: HelloFailure }> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(`${context.server}/api/${hello.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [HEADER_API_KEY]: context.apiKey,
        [HEADER_DEVICE_SECRET]: context.identity.secret,
      },
      body: JSON.stringify({ device_id: context.identity.device_id, kind: 'scale' }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]),
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    // fetch says "fetch failed" and keeps the reason (ECONNREFUSED, a timeout) as its cause.
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    if (errorText(cause) === 'bad port') {
      // The Fetch standard blocks some ports (9, 6000, 6665-6669, 10080...) whatever is there.
      return {
        failure: {
          message: `Node's fetch refuses the port of ${context.server} (a port the Fetch standard blocks): run the server on another port.`,
          needsPerson: true,
        },
      };
    }
    return {
      failure: {
        message: `Cannot reach the server at ${context.server} (${errorText(cause)}).`,
        needsPerson: false,
      },
    };
  }
  if (!response.ok)
    return { failure: failureOf(response.status, body, response.headers.get('retry-after'), context) };
  const answer = HelloAnswerSchema.safeParse(body);
  if (!answer.success) {
    return {
      failure: {
        message: `${context.server} answered the hello with something else than the truck queue server's answer: check --server.`,
        needsPerson: true,
      },
    };
  }
  const { registered, device } = answer.data;
  return {
    answer: registered
      ? { registered: true, name: device?.name ?? '', branch: device?.branch_name ?? '' }
      : { registered: false },
  };
}
