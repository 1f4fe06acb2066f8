import { z } from 'zod';
import { isValidRolesString } from '../roles.ts';
import { defineContract, EmptyBodySchema, OkSchema, text } from './api.ts';
import { EmailSchema, PrehashedPasswordSchema, UsernameSchema } from './auth.contract.ts';

/** Manage users (SPEC.md sections 2, 5, 7 "Officers"): admins of the branch only. */

export const RolesSchema = z
  .string()
  .trim()
  .max(40)
  .refine(
    isValidRolesString,
    'must be known role ids separated by commas, each once (e.g. "55" or "51,1000")',
  );

export const OfficerRowSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  lastname: z.string(),
  /** '' for an officer who signs in with a username only. */
  email: z.string(),
  /** '' when none. */
  username: z.string(),
  roles: z.string(),
});
export type OfficerRow = z.infer<typeof OfficerRowSchema>;

export const mainOfficer = defineContract({
  path: 'officer/mainOfficer',
  access: 'admin',
  body: EmptyBodySchema,
  response: OkSchema.extend({ officer: z.array(OfficerRowSchema) }),
});

/** An officer's e-mail, or '' for one who signs in with a username only. */
export const OfficerEmailSchema = z.union([z.literal(''), EmailSchema]);

const OfficerFields = {
  name: text(100),
  lastname: text(100),
  email: z.string().trim().pipe(OfficerEmailSchema),
  /** Left out: none on create, unchanged on edit (the spec's client knows no usernames). */
  username: UsernameSchema.optional(),
  roles: RolesSchema,
};

const hasLogin = (body: { email: string; username?: string | undefined }) =>
  body.email !== '' || (body.username ?? '') !== '';
const loginRequired = {
  message: 'an officer needs an e-mail or a username to sign in with',
  path: ['email'],
};

/**
 * Create `{name, lastname, email, roles, password}` or edit `{uuid, name, lastname, email, roles}`,
 * each with an optional `username` (issue 36); `email` may be '' when the officer has a username.
 */
export const doMainOfficer = defineContract({
  path: 'officer/doMainOfficer',
  access: 'admin',
  body: z.union([
    z.strictObject({ ...OfficerFields, password: PrehashedPasswordSchema }).refine(hasLogin, loginRequired),
    z.strictObject({ uuid: z.uuid(), ...OfficerFields }),
  ]),
  response: OkSchema.extend({ officer: OfficerRowSchema }),
});

/**
 * `new_password` is pre-hashed. `c_password`, the confirmation as typed, is what the spec's
 * client sends (SPEC §7) and is still taken, but nothing needs it: the web compares the two
 * fields itself and leaves it out, so no plaintext password travels. When it is sent, the server
 * only compares it (pre-hashed) with `new_password` and refuses a mismatch, as the spec's server
 * does; it is never kept or logged.
 */
export const changePassword = defineContract({
  path: 'officer/changePassword',
  access: 'admin',
  body: z.strictObject({
    uuid: z.uuid(),
    new_password: PrehashedPasswordSchema,
    c_password: z.string().min(1).max(200).optional(),
  }),
  response: OkSchema,
});

export const cancelOfficer = defineContract({
  path: 'officer/cancelOfficer',
  access: 'admin',
  body: z.strictObject({ uuid: z.uuid() }),
  response: OkSchema,
});
