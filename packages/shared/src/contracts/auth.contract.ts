import { z } from 'zod';
import { CALENDARS, DEFAULT_CALENDAR } from '../calendar.ts';
import { DEFAULT_DAY_START_MINUTES, MINUTES_PER_DAY } from '../plant-day.ts';
import { PERMISSIONS } from '../roles.ts';
import { DEFAULT_HARVEST_SEASON } from '../season.ts';
import { PREHASHED_PASSWORD_PATTERN } from '../password.ts';
import { defineContract, EmptyBodySchema, IdSchema, OkSchema } from './api.ts';

export const BranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When its plant day starts, minutes after midnight (shared/plant-day.ts); 0 if not given. */
  day_start_minutes: z
    .number()
    .int()
    .min(0)
    .max(MINUTES_PER_DAY - 1)
    .default(DEFAULT_DAY_START_MINUTES),
  /** The calendar its dates are written in (shared/calendar.ts); BE if not given. */
  calendar: z.enum(CALENDARS).default(DEFAULT_CALENDAR),
  /** Its company's name for tickets and headings; '' when the plant's COMPANY_NAME stands for it. */
  company_name: z.string().default(''),
  /** Its harvest season, 'MM-DD' (shared/season.ts); 1 November to 30 April if not given. */
  season_start: z.string().default(DEFAULT_HARVEST_SEASON.start),
  season_finish: z.string().default(DEFAULT_HARVEST_SEASON.finish),
});
export type Branch = z.infer<typeof BranchSchema>;

export const OfficerSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.string(),
  branch: BranchSchema,
});
export type Officer = z.infer<typeof OfficerSchema>;

export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const PrehashedPasswordSchema = z
  .string()
  .regex(PREHASHED_PASSWORD_PATTERN, 'must be the 40-character SHA-1 hex of the password');

/** A known-browser token as the server gives it: 32 random bytes, base64url (43 characters). */
export const KnownBrowserSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the 43-character token sign-in gave this browser');

/**
 * `known_browser`: the token the last sign-in to this account from this browser gave it. With
 * it, the attempt is throttled on its own, not with its address (docs/security.md, "Sign-in throttling").
 */
export const signin = defineContract({
  path: 'authen/signin',
  access: 'public',
  body: z.strictObject({
    email: EmailSchema,
    password: PrehashedPasswordSchema,
    remember: z.boolean().optional(),
    known_browser: KnownBrowserSchema.optional(),
  }),
  response: OkSchema.extend({
    officer: OfficerSchema.extend({ session: z.string(), known_browser: z.string() }),
  }),
});

export const signout = defineContract({
  path: 'authen/signout',
  access: 'session',
  body: EmptyBodySchema,
  response: OkSchema,
});

export const checkSession = defineContract({
  path: 'authen/checkSession',
  access: 'session',
  body: EmptyBodySchema,
  response: OkSchema.extend({ officer: OfficerSchema }),
});

/** The access check behind the side menu and the route guard (its path was not shown in the spec). */
export const checkAccess = defineContract({
  path: 'authen/checkAccess',
  access: 'session',
  body: EmptyBodySchema,
  response: OkSchema.extend({ officer: OfficerSchema, permissions: z.array(z.enum(PERMISSIONS)) }),
});

export const getOfficer = defineContract({
  path: 'authen/getOfficer',
  access: 'session',
  body: EmptyBodySchema,
  response: OkSchema.extend({ name: z.string(), lastname: z.string(), roles: z.string() }),
});

/** Branches the officer may work in: every active branch for role 1000, else their own. */
export const mainBranch = defineContract({
  path: 'authen/mainBranch',
  access: 'session',
  body: EmptyBodySchema,
  response: OkSchema.extend({ branch: z.array(BranchSchema) }),
});

export const getBranchSetID = defineContract({
  path: 'authen/getBranchSetID',
  access: 'session',
  body: EmptyBodySchema,
  response: OkSchema.extend({
    oBranch: BranchSchema,
    officer: z.object({ name: z.string(), lastname: z.string(), roles: z.string() }),
  }),
});

export const getUpdateBranchID = defineContract({
  path: 'authen/getUpdateBranchID',
  access: 'branchSwitch',
  body: z.strictObject({ id: IdSchema, name: z.string().max(200) }),
  response: OkSchema.extend({ oBranch: BranchSchema }),
});

/** Every officer may change their own password (DESIGN.md, "Roles"). */
export const changeOwnPassword = defineContract({
  path: 'authen/changeOwnPassword',
  access: 'session',
  body: z.strictObject({ old_password: PrehashedPasswordSchema, new_password: PrehashedPasswordSchema }),
  response: OkSchema,
});
