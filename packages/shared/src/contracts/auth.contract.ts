import { z } from 'zod';
import { CALENDARS, DEFAULT_CALENDAR } from '../calendar.ts';
import { DEFAULT_DAY_START_MINUTES, MINUTES_PER_DAY } from '../plant-day.ts';
import { isEmailLogin, isValidUsername, USERNAME_MAX } from '../login.ts';
import { BRANCH_LANGUAGES } from '../queue/yard-rules.ts';
import { PERMISSIONS } from '../roles.ts';
import { DEFAULT_HARVEST_SEASON } from '../season.ts';
import { PREHASHED_PASSWORD_PATTERN } from '../password.ts';
import { defineContract, EmptyBodySchema, IdSchema, noNul, OkSchema } from './api.ts';

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
  /** Whether languages other than Thai write the year in `calendar` too (else the Common era). */
  calendar_all_languages: z.boolean().default(false),
  /** The language its officers' screens start in until they choose one; '' = the plant's default. */
  language: z.enum(BRANCH_LANGUAGES).default(''),
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
  /** '' for an officer who signs in with a username only. */
  email: z.string(),
  /** '' when the officer has none. */
  username: z.string().default(''),
  roles: z.string(),
  branch: BranchSchema,
});
export type Officer = z.infer<typeof OfficerSchema>;

export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** A username an admin gives (shared/login.ts), '' for none: stored in lower case. */
export const UsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(USERNAME_MAX)
  .refine(
    (value) => value === '' || isValidUsername(value),
    'must be 3 to 32 letters a-z, digits, ".", "_" or "-" (no "@": it must not look like an e-mail)',
  );

/** What sign-in's `email` field holds: an e-mail, or an officer's username (issue 36). */
export const LoginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine(
    (value) => (isEmailLogin(value) ? z.email().safeParse(value).success : isValidUsername(value)),
    'must be an e-mail or a username',
  );

export const PrehashedPasswordSchema = z
  .string()
  .regex(PREHASHED_PASSWORD_PATTERN, 'must be the 40-character SHA-1 hex of the password');

/** A known-browser token as the server gives it: 32 random bytes, base64url (43 characters). */
export const KnownBrowserSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the 43-character token sign-in gave this browser');

/**
 * `email`: the officer's e-mail or, for one who has a username, that username (the spec's
 * field, extended: a client that sends e-mails works as before).
 * `known_browser`: the token the last sign-in to this account from this browser gave it. With
 * it, the attempt is throttled on its own, not with its address (docs/security.md, "Sign-in throttling").
 */
export const signin = defineContract({
  path: 'authen/signin',
  access: 'public',
  body: z.strictObject({
    email: LoginSchema,
    password: PrehashedPasswordSchema,
    remember: z.boolean().optional(),
    known_browser: KnownBrowserSchema.optional(),
  }),
  response: OkSchema.extend({
    officer: OfficerSchema.extend({ session: z.string(), known_browser: z.string() }),
  }),
});

/**
 * What the sign-in page needs before anyone signs in: the settings of the branch this PC last
 * signed in to (`branch_id`), else of the installation's first active branch; null when no
 * branch is active.
 */
export const signinSettings = defineContract({
  path: 'authen/signinSettings',
  access: 'public',
  body: z.strictObject({ branch_id: IdSchema.optional() }),
  response: OkSchema.extend({
    settings: z
      .object({
        branch_id: z.number(),
        language: BranchSchema.shape.language,
        remember_default: z.boolean(),
      })
      .nullable(),
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
  body: z.strictObject({ id: IdSchema, name: noNul(z.string().max(200)) }),
  response: OkSchema.extend({ oBranch: BranchSchema }),
});

/** Every officer may change their own password (DESIGN.md, "Roles"). */
export const changeOwnPassword = defineContract({
  path: 'authen/changeOwnPassword',
  access: 'session',
  body: z.strictObject({ old_password: PrehashedPasswordSchema, new_password: PrehashedPasswordSchema }),
  response: OkSchema,
});
