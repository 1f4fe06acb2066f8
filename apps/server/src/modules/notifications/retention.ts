import { sql } from 'drizzle-orm';
import { WAIT_ACCURACY_MAX_DAYS } from '@truck-queue/shared/contracts/wait-accuracy.contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { siteDate } from '../../lib/site-time.ts';

/**
 * The daily retention job (issue 21; README "Drivers' data"): each branch keeps what identifies
 * a driver only as long as its settings say.
 *  - Contact data (driver_subscriptions: push endpoints and keys, LINE user ids; and every
 *    message sent to them) is erased `contact_retention_days` after it was made.
 *  - Licence plates of tickets issued over `plate_retention_days` ago are replaced by
 *    ANONYMISED_PLATE, and so are their goods receipts'. The tickets themselves stay: reports,
 *    their counts, weights and times still add up.
 *  - What a driver was shown at his ticket's issue (eta_readings, issue 40) goes with what was
 *    sent to him, after `contact_retention_days`, but never before the expected-wait accuracy
 *    page's longest period (WAIT_ACCURACY_MAX_DAYS) is past.
 * It runs once per site day, on whichever instance claims the day first (app_settings), at the
 * first check after start-up and then every hour's check on a new day.
 */

/** What an anonymised ticket's plate reads. */
export const ANONYMISED_PLATE = '-';
const LAST_RUN_KEY = 'retention_last_run';
const CHECK_EVERY_MS = 3_600_000;

export interface RetentionResult {
  subscriptions: number;
  deliveries: number;
  plates: number;
  etaReadings: number;
}

export function createRetention(deps: {
  db: Db;
  clock: Clock;
  siteTimeZone: string;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}) {
  const { db, clock } = deps;

  /** Erases and anonymises what each branch's periods say is past, as of `now`. */
  async function run(now: Date = clock.now()): Promise<RetentionResult> {
    const at = now.toISOString();
    return db.transaction(async (tx) => {
      const deliveries = await tx.execute(sql`
        delete from notification_deliveries d
         using branches b
         where d.branch_id = b.id
           and d.created < ${at}::timestamptz - make_interval(days => b.contact_retention_days)`);
      const subscriptions = await tx.execute(sql`
        delete from driver_subscriptions s
         using branches b
         where s.branch_id = b.id
           and s.created < ${at}::timestamptz - make_interval(days => b.contact_retention_days)`);
      const plates = await tx.execute(sql`
        update queues q
           set truck_license = ${ANONYMISED_PLATE}
          from branches b
         where q.branch_id = b.id
           and q.created < ${at}::timestamptz - make_interval(days => b.plate_retention_days)
           and q.truck_license <> ${ANONYMISED_PLATE}`);
      // The goods receipts (issue 42) keep the plate as they were sent: anonymised with their ticket's.
      await tx.execute(sql`
        update goods_receipts r
           set payload = jsonb_set(r.payload, '{plate}', to_jsonb(${ANONYMISED_PLATE}::text))
          from queues q, branches b
         where r.queue_id = q.id
           and q.branch_id = b.id
           and q.created < ${at}::timestamptz - make_interval(days => b.plate_retention_days)
           and r.payload->>'plate' <> ${ANONYMISED_PLATE}`);
      const readings = await tx.execute(sql`
        delete from eta_readings r
         using branches b
         where r.branch_id = b.id
           and r.read_at < ${at}::timestamptz
                 - make_interval(days => greatest(b.contact_retention_days, ${WAIT_ACCURACY_MAX_DAYS + 1}))`);
      return {
        deliveries: deliveries.rowCount ?? 0,
        subscriptions: subscriptions.rowCount ?? 0,
        plates: plates.rowCount ?? 0,
        etaReadings: readings.rowCount ?? 0,
      };
    });
  }

  /** Runs the job if no instance ran it today (site day); true when this call ran it. */
  async function runIfDue(): Promise<boolean> {
    const now = clock.now();
    const today = siteDate(now, deps.siteTimeZone);
    const claimed = await db.execute(sql`
      insert into app_settings (key, value, updated) values (${LAST_RUN_KEY}, ${today}, now())
      on conflict (key) do update set value = excluded.value, updated = now()
        where app_settings.value < excluded.value
      returning key`);
    if (claimed.rows.length === 0) return false;
    const result = await run(now);
    deps.log.info({ ...result, day: today }, 'retention: drivers’ contact data and old plates erased');
    return true;
  }

  let timer: NodeJS.Timeout | null = null;
  const check = () => {
    runIfDue().catch((error: unknown) => deps.log.error({ err: error }, 'retention job failed'));
  };
  return {
    run,
    runIfDue,
    start(everyMs = CHECK_EVERY_MS) {
      if (timer) return;
      check();
      timer = setInterval(check, everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
