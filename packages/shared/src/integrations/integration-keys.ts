/**
 * Integration keys (issue 42): the third kind of caller, beside officers and devices. An admin
 * makes one per integration (the ERP, a weighbridge program, a camera's software) with the
 * scopes it needs, a branch, an expiry and a rate; the key acts only within them, never as an
 * officer. It is shown once and kept hashed.
 *
 * A key reads `tqk_<id>_<secret>`: the id (8 letters and digits) names the key in the office's
 * list and its audit, the secret (43 base64url characters, 256 bits) proves it. Integrations
 * send it as `Authorization: Bearer tqk_…` on the `integration/…` calls.
 */

/** What a key may do; each scope opens the `integration/…` calls that name it. */
export const INTEGRATION_SCOPES = ['tickets:read', 'reports:read', 'receipts:read'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

export const INTEGRATION_KEY_PREFIX = 'tqk_';
const KEY_PATTERN = /^tqk_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

/** The id and secret of a key as written (`tqk_<id>_<secret>`), or null when it is not one. */
export function parseIntegrationKey(text: string): { id: string; secret: string } | null {
  const match = KEY_PATTERN.exec(text);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** Calls a key may make a minute: the office sets each key's own within these. */
export const INTEGRATION_RATE = { min: 1, max: 600, default: 60 } as const;

/** The longest a key's name may be (shown in lists and the audit). */
export const INTEGRATION_NAME_MAX = 80;
