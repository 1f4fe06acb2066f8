import { randomBytes, randomInt } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  DEVICE_ID_ALPHABET,
  DEVICE_ID_LENGTH,
  DeviceSecretSchema,
} from '@truck-queue/shared/contracts/device.contract';

/**
 * This bridge as a device of the server: the short id an officer types on the Weighbridge page
 * to register the scale, and the secret that proves it is this PC. Kept in a file (mode 0600,
 * as the secret is this scale's password) so a restart or a reboot keeps the registration.
 */
export interface Identity {
  device_id: string;
  secret: string;
}

/** An identity file that is not one: the bridge stops and says so rather than make a new id. */
export class IdentityError extends Error {
  override name = 'IdentityError';
}

const IdentitySchema = z.object({
  device_id: z
    .string()
    .length(DEVICE_ID_LENGTH)
    .refine((id) => [...id].every((char) => DEVICE_ID_ALPHABET.includes(char)), 'is not a device id'),
  secret: DeviceSecretSchema,
});

/** 8 characters of the alphabet officers read without mistakes; randomInt draws without bias. */
export function newDeviceId(): string {
  let id = '';
  for (let i = 0; i < DEVICE_ID_LENGTH; i += 1)
    id += DEVICE_ID_ALPHABET[randomInt(DEVICE_ID_ALPHABET.length)];
  return id;
}

/** 32 random bytes in base64url (43 characters), as the server's DeviceSecretSchema expects. */
export function newDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** "K7MQ4XPR" → "K7MQ 4XPR", as the display and kiosk screens show their ids. */
export function formatDeviceId(id: string): string {
  return id.length > 4 ? `${id.slice(0, 4)} ${id.slice(4)}` : id;
}

function damaged(file: string, why: string): IdentityError {
  return new IdentityError(
    `The identity file ${file} is damaged (${why}). It holds this scale's registration, so the bridge ` +
      'will not replace it: restore it from a backup, or delete it to start with a new id that an ' +
      'officer must then register again on the Weighbridge page.',
  );
}

async function readIdentity(file: string): Promise<Identity | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new IdentityError(`Cannot read the identity file ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw damaged(file, 'not JSON');
  }
  const parsed = IdentitySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw damaged(file, issue ? `${issue.path.join('.') || 'content'} ${issue.message}` : 'unreadable');
  }
  return { device_id: parsed.data.device_id, secret: parsed.data.secret };
}

/**
 * The identity kept in `file`, or a new one written there on first run (`created`). The file is
 * created only if it does not exist yet (never overwritten), readable by its owner alone.
 */
export async function loadIdentity(file: string): Promise<{ identity: Identity; created: boolean }> {
  const kept = await readIdentity(file);
  if (kept) return { identity: kept, created: false };
  const identity: Identity = { device_id: newDeviceId(), secret: newDeviceSecret() };
  // Written whole beside it, then linked into place: the file appears complete or not at all
  // (a reader, or a second bridge starting at the same moment, never sees it half written), and
  // a link never replaces a file that is already there.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(partial, `${JSON.stringify(identity, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    await link(partial, file);
  } catch (error) {
    // Another bridge started on the same file at the same moment: both use the one it wrote.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadIdentity(file);
    throw new IdentityError(`Cannot write the identity file ${file}: ${(error as Error).message}`);
  } finally {
    await unlink(partial).catch(() => undefined);
  }
  return { identity, created: true };
}
