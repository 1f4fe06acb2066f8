import { z } from 'zod';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import type { SupplierQuotaSchema } from '@truck-queue/shared/contracts/supplier-portal.contract';
import { addDays } from '@truck-queue/shared/plant-day';
import { overQuota, quotaRemaining, toTenth } from '@truck-queue/shared/quota';
import type { ConflictReason } from '@truck-queue/shared/contracts/api';
import { isApiRequestError, type ClientErrorCode } from '../../lib/api-client.ts';

type SupplierQuota = z.infer<typeof SupplierQuotaSchema>;

/** The branch a booking page is for: the `b` of its address when it is a uuid, else null (a link cut short). */
export function branchOfPage(search: string): string | null {
  const b = new URLSearchParams(search).get('b')?.trim().toLowerCase() ?? '';
  return z.uuid().safeParse(b).success ? b : null;
}

/** A supplier's sign-in on this phone, per branch. */
export interface PortalSignIn {
  token: string;
  code: string;
  name: string;
}

const SignInSchema = z.object({ token: z.string(), code: z.string(), name: z.string() });
const storageKey = (branch: string) => `supplierPortal:${branch}`;

function local(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The sign-in kept on this phone for a branch; null if none (or storage is unavailable or spoiled). */
export function readPortalSignIn(branch: string): PortalSignIn | null {
  try {
    const raw = local()?.getItem(storageKey(branch));
    if (!raw) return null;
    const parsed = SignInSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function savePortalSignIn(branch: string, signIn: PortalSignIn): void {
  try {
    local()?.setItem(storageKey(branch), JSON.stringify(signIn));
  } catch {
    // Private mode: the sign-in lasts as long as the page.
  }
}

export function forgetPortalSignIn(branch: string): void {
  try {
    local()?.removeItem(storageKey(branch));
  } catch {
    // Nothing kept.
  }
}

/**
 * Where a supplier stands in one season (shared/quota.ts's rules): what counts against its quota
 * (deliveries, and its open bookings where the quota counts loads: a booking is a load, not
 * tonnes), what is left, how far past it is, the bar's percent, and whether one more load would be
 * past it (`full`: the season's rule then meets the next booking).
 */
export function quotaStanding(quota: SupplierQuota): {
  used: number;
  left: number;
  over: number;
  percent: number;
  full: boolean;
} {
  const used = toTenth(quota.delivered + (quota.unit === 'loads' ? quota.booked : 0));
  const remaining = quotaRemaining(quota.entitlement, used);
  const percent =
    quota.entitlement > 0 ? Math.min(100, Math.round((used / quota.entitlement) * 100)) : used > 0 ? 100 : 0;
  return {
    used,
    left: Math.max(0, remaining),
    over: Math.max(0, -remaining),
    percent,
    full: overQuota({
      unit: quota.unit,
      entitlement: quota.entitlement,
      delivered: quota.delivered,
      bookedLoads: quota.booked,
    }),
  };
}

/** The page's two lists: open bookings, soonest first; the others (kept, lapsed, cancelled), latest first. */
export function splitBookings(bookings: readonly Booking[]): { upcoming: Booking[]; past: Booking[] } {
  const upcoming = bookings
    .filter((b) => b.status === 'booked')
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const past = bookings
    .filter((b) => b.status !== 'booked')
    .sort((a, b) => b.starts_at.localeCompare(a.starts_at));
  return { upcoming, past };
}

/** Days one slots call may ask (the contract's most). */
export const STRIP_DAYS = 14;

/**
 * The day strip's page `page` (0: from today): its first day and how many days it shows, within
 * today .. today + daysAhead; null past the last page.
 */
export function stripPage(
  today: string,
  daysAhead: number,
  page: number,
): { from: string; days: number } | null {
  const total = daysAhead + 1;
  const start = page * STRIP_DAYS;
  if (page < 0 || start >= total) return null;
  return { from: addDays(today, start), days: Math.min(STRIP_DAYS, total - start) };
}

/** What the page says about a failed call, and whether it signs the supplier out (its sign-in ended). */
export type PortalFailure =
  | 'supplierPortal.failures.signedOut'
  | 'supplierPortal.failures.invalidCredentials'
  | 'supplierPortal.failures.tooManyAttempts'
  | 'supplierPortal.failures.network'
  | 'supplierPortal.failures.windowFull'
  | 'supplierPortal.failures.dayLimit'
  | 'supplierPortal.failures.overQuota'
  | 'supplierPortal.failures.bookingClosed'
  | 'supplierPortal.failures.cancelClosed'
  | 'supplierPortal.failures.plateNotSuppliers'
  | 'supplierPortal.failures.notOpen'
  | 'supplierPortal.failures.other';

/**
 * A refusal in the supplier's words, with what to do: `action` tells a cut-off met while booking
 * (pick a later window) from one met while cancelling (too late: call the office).
 */
export function portalFailure(error: unknown, action: 'book' | 'cancel' | 'other' = 'other'): PortalFailure {
  if (!isApiRequestError(error)) return 'supplierPortal.failures.other';
  if (error.code !== 'CONFLICT') return BY_CODE[error.code] ?? 'supplierPortal.failures.other';
  const reason = error.detail.reason;
  if (reason === 'BOOKING_CLOSED' && action === 'cancel') return 'supplierPortal.failures.cancelClosed';
  return (reason && BY_REASON[reason]) ?? 'supplierPortal.failures.other';
}

const BY_CODE: Partial<Record<ClientErrorCode, PortalFailure>> = {
  UNAUTHENTICATED: 'supplierPortal.failures.signedOut',
  INVALID_CREDENTIALS: 'supplierPortal.failures.invalidCredentials',
  TOO_MANY_ATTEMPTS: 'supplierPortal.failures.tooManyAttempts',
  NETWORK: 'supplierPortal.failures.network',
};

const BY_REASON: Partial<Record<ConflictReason, PortalFailure>> = {
  WINDOW_FULL: 'supplierPortal.failures.windowFull',
  SUPPLIER_DAY_LIMIT: 'supplierPortal.failures.dayLimit',
  OVER_QUOTA: 'supplierPortal.failures.overQuota',
  BOOKING_CLOSED: 'supplierPortal.failures.bookingClosed',
  PLATE_NOT_SUPPLIERS: 'supplierPortal.failures.plateNotSuppliers',
  BOOKING_NOT_OPEN: 'supplierPortal.failures.notOpen',
};

/** A failure that means the sign-in on this phone is over. */
export function signedOutBy(error: unknown): boolean {
  return isApiRequestError(error) && error.code === 'UNAUTHENTICATED';
}
