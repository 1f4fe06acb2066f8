import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { appSettings } from '../../db/schema.ts';

/**
 * The server's VAPID key pair (RFC 8292): browsers subscribe with its public key, and every
 * push message is signed with its private key. Made at first use and kept in app_settings, so
 * subscriptions outlive a restart and every instance of a scaled-out server signs with the same
 * pair: the first to store its pair wins, the others read that one back.
 */

export const VAPID_SETTING = 'vapid';

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url (the browser's `applicationServerKey`). */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
  /** Who the push services may contact about this server: `mailto:` or `https:`. */
  subject: string;
}

export interface Vapid {
  keys(): Promise<VapidKeys>;
}

const StoredSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{42,44}={0,2}$/),
});

export function createVapidKeys(db: Db, subject: string): Vapid {
  let cached: Promise<VapidKeys> | null = null;

  async function read(): Promise<string | null> {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, VAPID_SETTING));
    return row?.value ?? null;
  }

  async function load(): Promise<VapidKeys> {
    let stored = await read();
    if (stored === null) {
      const made = webPush.generateVAPIDKeys();
      await db
        .insert(appSettings)
        .values({
          key: VAPID_SETTING,
          value: JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }),
        })
        .onConflictDoNothing({ target: appSettings.key });
      // Another instance may have stored its pair first: everyone uses the stored one.
      stored = await read();
    }
    let parsed: z.infer<typeof StoredSchema> | null = null;
    try {
      const result = StoredSchema.safeParse(JSON.parse(stored ?? ''));
      if (result.success) parsed = result.data;
    } catch {
      // not JSON: reported below
    }
    if (!parsed) {
      throw new Error(
        `app_settings '${VAPID_SETTING}' does not hold a VAPID key pair: delete that row and the server makes a new pair (browsers subscribed with the old one must subscribe again)`,
      );
    }
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey, subject };
  }

  return {
    keys() {
      cached ??= load().catch((error: unknown) => {
        // A database that failed once is asked again next time.
        cached = null;
        throw error;
      });
      return cached;
    },
  };
}
