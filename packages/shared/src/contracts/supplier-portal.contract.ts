import { z } from 'zod';
import { defineContract, IdSchema, OkSchema } from './api.ts';
import { BookingRequestSchema, BookingSchema } from './booking.contract.ts';
import { SiteDaySchema } from './report.contract.ts';
import { OVER_QUOTA_RULES, QUOTA_UNITS } from './season.contract.ts';
import { SupplierCodeSchema } from './supplier.contract.ts';

/**
 * The supplier's own booking page (issue 39): a grower or a middleman signs in on its phone with
 * its code and the PIN the office gave it, sees its quota and its bookings, books a free slot and
 * cancels one before the cut-off. Public calls (no officer session) that carry the page's token.
 */

/** The PIN the office gives a supplier: 6 digits. */
export const SUPPLIER_PIN_LENGTH = 6;
export const SupplierPinSchema = z.string().regex(/^\d{6}$/, 'must be 6 digits');
/**
 * Wrong PINs within SUPPLIER_PIN_LOCK_MINUTES (since the office last gave a PIN) after which
 * signing in is refused until the first of them is that old.
 */
export const SUPPLIER_PIN_TRIES = 5;
export const SUPPLIER_PIN_LOCK_MINUTES = 15;
/** A booking page's sign-in lasts this many days after it was last used. */
export const SUPPLIER_SESSION_DAYS = 30;
/** The booking page's address; `?b=` names the branch (its uuid). */
export const SUPPLIER_PAGE_PATH = '/supplier';

/** The page's token, as sign-in gave it. */
export const SupplierTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a sign-in token');

/**
 * Signs a supplier in. INVALID_CREDENTIALS: no active supplier of the branch has the code, it has
 * no PIN, or the PIN is wrong (one message for all). TOO_MANY_ATTEMPTS: SUPPLIER_PIN_TRIES wrong
 * PINs within SUPPLIER_PIN_LOCK_MINUTES; a new PIN from the office ends the lock.
 */
export const supplierSignIn = defineContract({
  path: 'public/supplier/signIn',
  access: 'public',
  body: z.strictObject({ branch: z.uuid(), code: SupplierCodeSchema, pin: SupplierPinSchema }),
  response: OkSchema.extend({
    token: z.string(),
    supplier: z.object({ code: z.string(), name: z.string() }),
  }),
});

export const supplierSignOut = defineContract({
  path: 'public/supplier/signOut',
  access: 'public',
  body: z.strictObject({ token: SupplierTokenSchema }),
  response: OkSchema,
});

/** Where the supplier stands in a season of one product. */
export const SupplierQuotaSchema = z.object({
  season_name: z.string(),
  product_name: z.string(),
  unit: z.enum(QUOTA_UNITS),
  over_quota: z.enum(OVER_QUOTA_RULES),
  entitlement: z.number(),
  delivered: z.number(),
  /** Open bookings, in loads. */
  booked: z.number(),
});

/**
 * The signed-in supplier's page: who it is, its quotas in the seasons running today, its bookings
 * (from a week ago on), the lines it may book with their windows, and the rules it books under.
 * UNAUTHENTICATED: a token that is unknown, ended, expired, or of a supplier made inactive.
 */
export const supplierHome = defineContract({
  path: 'public/supplier/home',
  access: 'public',
  body: z.strictObject({ token: SupplierTokenSchema }),
  response: OkSchema.extend({
    supplier: z.object({ code: z.string(), name: z.string(), vehicles: z.array(z.string()) }),
    branch_name: z.string(),
    /** Today's plant day: the first it may book. */
    today: z.string(),
    quotas: z.array(SupplierQuotaSchema),
    bookings: z.array(BookingSchema),
    lines: z.array(
      z.object({
        id_branchQT: z.number(),
        queue_type_name: z.string(),
        products: z.array(z.object({ id: z.number(), name: z.string() })),
      }),
    ),
    rules: z.object({ days_ahead: z.number(), cutoff_minutes: z.number(), per_supplier_day: z.number() }),
  }),
});

/** The free slots of a line from `from`, `days` plant days: each open window and how many loads it may still book now. */
export const supplierSlots = defineContract({
  path: 'public/supplier/slots',
  access: 'public',
  body: z.strictObject({
    token: SupplierTokenSchema,
    id_branchQT: IdSchema,
    from: SiteDaySchema,
    days: z.int32().min(1).max(14),
  }),
  response: OkSchema.extend({
    days: z.array(
      z.object({
        day: z.string(),
        closed: z.boolean(),
        /** `free`: loads it may book now (0 past its cut-off). */
        windows: z.array(z.object({ start: z.string(), end: z.string(), free: z.number() })),
      }),
    ),
  }),
});

/**
 * The supplier books a slot for itself, refused as the office's booking would be; past its quota
 * where the season asks a reason, refused too (OVER_QUOTA: the office may book it, with a reason).
 */
export const supplierBook = defineContract({
  path: 'public/supplier/book',
  access: 'public',
  body: BookingRequestSchema.extend({ token: SupplierTokenSchema }),
  response: OkSchema.extend({ booking: BookingSchema }),
});

/** The supplier cancels an open booking of its own before the window's cut-off (BOOKING_CLOSED after it). */
export const supplierCancel = defineContract({
  path: 'public/supplier/cancel',
  access: 'public',
  body: z.strictObject({ token: SupplierTokenSchema, booking_id: IdSchema }),
  response: OkSchema.extend({ booking: BookingSchema }),
});

/**
 * The office gives a supplier a new PIN for its booking page (the last one stops working, and so
 * do its sign-ins): shown once, with the page's address for the branch.
 */
export const issueSupplierPin = defineContract({
  path: 'admin/supplier/pin',
  access: 'suppliers',
  body: z.strictObject({ supplier_id: IdSchema }),
  response: OkSchema.extend({ pin: z.string(), page_path: z.string() }),
});
