import { randomInt } from 'node:crypto';
import {
  SUPPLIER_PAGE_PATH,
  SUPPLIER_PIN_LENGTH,
  SUPPLIER_PIN_LOCK_MINUTES,
  SUPPLIER_PIN_TRIES,
  SUPPLIER_SESSION_DAYS,
} from '@truck-queue/shared/contracts/supplier-portal.contract';
import { SCORECARD_RECENT_DAYS } from '@truck-queue/shared/contracts/scorecard.contract';
import { addDays } from '@truck-queue/shared/plant-day';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import { newToken, tokenHash } from '../../lib/tokens.ts';
import { codeKeyOf } from '../suppliers/supplier-sheet.ts';
import type { ScorecardsService } from '../reports/scorecards.service.ts';
import type { SupplierGradesService } from '../suppliers/supplier-grades.service.ts';
import type { BookingsService, SeasonQuotas, SlotRequest } from './bookings.service.ts';
import type { SupplierPortalRepository } from './supplier-portal.repository.ts';

const DAY_MS = 86_400_000;
/** A sign-in's last use is written at most this often (every call reads it). */
const TOUCH_EVERY_MS = 60_000;
/** The page lists bookings from this many days back. */
const PAST_DAYS = 7;

const badCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'The supplier code or the PIN is not right.');
const signedOut = () =>
  new AppError('UNAUTHENTICATED', 'Sign in again: the booking page was signed out or not used for too long.');

/**
 * The supplier's own booking page (issue 39): sign-in with its code and the PIN the office gave,
 * its quotas and bookings, booking a free slot and cancelling one. A wrong PIN is counted; after
 * SUPPLIER_PIN_TRIES in a row the supplier is locked out for a while, whoever tries.
 */
export function createSupplierPortalService(deps: {
  repo: SupplierPortalRepository;
  bookings: BookingsService;
  quotas: SeasonQuotas;
  days: PlantDays;
  clock: Clock;
  scorecards: Pick<ScorecardsService, 'ofSupplier'>;
  grades: Pick<SupplierGradesService, 'linkLine' | 'linked'>;
}) {
  const { repo, bookings, quotas, days, clock } = deps;

  async function signedIn(token: string) {
    const now = clock.now();
    const session = await repo.session(
      tokenHash(token),
      new Date(now.getTime() - SUPPLIER_SESSION_DAYS * DAY_MS),
    );
    if (!session) throw signedOut();
    if (now.getTime() - session.lastSeen.getTime() > TOUCH_EVERY_MS) await repo.touch(session.id, now);
    return session;
  }

  return {
    async signIn(branchUuid: string, code: string, pin: string, ip: string) {
      const supplier = await repo.forSignIn(branchUuid, codeKeyOf(code));
      const now = clock.now();
      const windowStart = new Date(now.getTime() - SUPPLIER_PIN_LOCK_MINUTES * 60_000);
      // Wrong PINs of the last minutes count, since the office last gave one.
      const since = supplier?.pinSetAt && supplier.pinSetAt > windowStart ? supplier.pinSetAt : windowStart;
      const failures = supplier?.pinHash ? await repo.pinFailures(supplier.id, since) : [];
      const lockedOut = () => {
        const until =
          failures.length > 0 ? failures[0]!.getTime() + SUPPLIER_PIN_LOCK_MINUTES * 60_000 : now.getTime();
        const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
        return new AppError(
          'TOO_MANY_ATTEMPTS',
          `Too many wrong PINs: try again in ${Math.ceil(seconds / 60)} minutes, or ask the office for a new PIN.`,
          undefined,
          { retryAfterSeconds: seconds },
        );
      };
      if (failures.length >= SUPPLIER_PIN_TRIES) throw lockedOut();
      // An unknown code takes as long as a wrong PIN.
      const matches = await verifyPassword(pin, supplier?.pinHash ?? (await dummyPasswordHash()));
      if (!supplier?.pinHash || !matches) {
        if (supplier?.pinHash) {
          await repo.pinFailed(supplier.id, ip, now);
          failures.push(now);
          if (failures.length >= SUPPLIER_PIN_TRIES) throw lockedOut();
        }
        throw badCredentials();
      }
      const token = newToken();
      await repo.signedIn(supplier.id, tokenHash(token), now);
      return { token, supplier: { code: supplier.code, name: supplier.name } };
    },

    async signOut(token: string) {
      await repo.end(tokenHash(token), clock.now());
    },

    /** Its own scorecard row over the last SCORECARD_RECENT_DAYS plant days (issue 41). */
    async scorecard(token: string) {
      const me = await signedIn(token);
      const { today } = await days.calendar(me.branchId);
      const start = addDays(today, -(SCORECARD_RECENT_DAYS - 1));
      const row = await deps.scorecards.ofSupplier(
        me.branchId,
        { id: me.supplierId, code: me.code, name: me.name },
        { start, finish: today },
      );
      return { start, finish: today, row, line_linked: await deps.grades.linked(me.supplierId) };
    },

    /** A code to send to the plant's LINE account: the chat then hears of the grade's changes. */
    async linkLine(token: string) {
      const me = await signedIn(token);
      return deps.grades.linkLine(me.supplierId);
    },

    async home(token: string) {
      const me = await signedIn(token);
      const [calendar, rules, plan, vehicles, branchName] = await Promise.all([
        days.calendar(me.branchId),
        bookings.rules(me.branchId),
        bookings.openLines(me.branchId),
        repo.vehicles(me.supplierId),
        repo.branchName(me.branchId),
      ]);
      const [standings, list] = await Promise.all([
        quotas.standings(
          repo.direct,
          me.branchId,
          me.supplierId,
          calendar.today,
          new Date(clock.now().getTime() - rules.late_minutes * 60_000),
        ),
        bookings.ofSupplier(me.branchId, me.supplierId, addDays(calendar.today, -PAST_DAYS)),
      ]);
      return {
        supplier: { code: me.code, name: me.name, vehicles },
        branch_name: branchName,
        today: calendar.today,
        quotas: standings.map((s) => ({
          season_name: s.seasonName,
          product_name: s.productName,
          unit: s.unit,
          over_quota: s.overQuota,
          entitlement: s.entitlement,
          delivered: s.delivered,
          booked: s.bookedLoads,
        })),
        bookings: list,
        lines: plan,
        rules: {
          days_ahead: rules.days_ahead,
          cutoff_minutes: rules.cutoff_minutes,
          per_supplier_day: rules.per_supplier_day,
        },
      };
    },

    async slots(token: string, branchQueueTypeId: number, from: string, dayCount: number) {
      const me = await signedIn(token);
      return bookings.freeSlots(me.branchId, branchQueueTypeId, from, dayCount);
    },

    async book(token: string, slot: Omit<SlotRequest, 'supplierId'>) {
      const me = await signedIn(token);
      return bookings.book(
        me.branchId,
        { ...slot, supplierId: me.supplierId },
        { source: 'supplier', officerId: null },
      );
    },

    async cancel(token: string, bookingId: number) {
      const me = await signedIn(token);
      return bookings.cancelBySupplier(me.branchId, me.supplierId, bookingId);
    },

    /** A new PIN for a supplier of the officer's branch, shown once; its sign-ins end. */
    async issuePin(auth: AuthContext, supplierId: number) {
      const pin = String(randomInt(10 ** SUPPLIER_PIN_LENGTH)).padStart(SUPPLIER_PIN_LENGTH, '0');
      const branchUuid = await repo.setPin(auth.branchId, supplierId, await hashPassword(pin), clock.now());
      if (!branchUuid) throw notFound('The supplier');
      return { pin, page_path: `${SUPPLIER_PAGE_PATH}?b=${branchUuid}` };
    },
  };
}

export type SupplierPortalService = ReturnType<typeof createSupplierPortalService>;
