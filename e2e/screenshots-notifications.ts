import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { signInDirect } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { issueDriverTicket } from './support/driver-phone.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';
import { startServer } from './support/server.ts';

/**
 * The admins' Driver notifications page (issue 21), in Thai and English, light and dark, with
 * figures: a server of its own with a LINE account configured (never reached: its address is a
 * closed port, and nothing below is due to be sent), six trucks waiting, and three months of
 * messages and a few failures written into its database while it is stopped (no API makes a
 * message of last month). Then, on the shared server, the page of a plant without LINE.
 */

const ADMIN = ['admin@example.com', 'admin1234'] as const;

const LINE_ENV = {
  LINE_CHANNEL_SECRET: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  LINE_CHANNEL_ACCESS_TOKEN: 'screenshotOnlyAccessToken0123456789abcdefABCDEF',
  LINE_BOT_BASIC_ID: '@plantdemo',
  // A closed port: were anything sent, it would fail here, not reach LINE.
  LINE_API_BASE: 'http://127.0.0.1:9',
};

const NOTICE =
  'บริษัทเก็บข้อมูลการรับแจ้งเตือนของท่าน (ที่อยู่การแจ้งเตือนของเบราว์เซอร์ หรือรหัสผู้ใช้ LINE) ' +
  'เพื่อแจ้งสถานะคิวของท่านเท่านั้น ไม่เปิดเผยแก่บุคคลอื่น และจะลบเมื่อครบ 90 วัน\n' +
  'สอบถามหรือขอให้ลบข้อมูลได้ที่สำนักงานชั่งน้ำหนัก โทร 044-000-000';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Messages sent and given up in this month and the two before (index 0: this month), per channel. */
const MONTHS = [
  { web_push: [186, 5], line: [142, 3] },
  { web_push: [412, 9], line: [318, 6] },
  { web_push: [357, 4], line: [261, 2] },
] as const;

/** Failures of the last hours, newest first: still retried (minutes until the next try) or given up. */
const FAILURES = [
  { channel: 'line', moment: 'ahead', attempts: 4, retryIn: 9, error: 'LINE answered 500: Internal error' },
  {
    channel: 'web_push',
    moment: 'called',
    attempts: 5,
    retryIn: 27,
    error: 'push service unavailable (503): Service Unavailable',
  },
  {
    channel: 'web_push',
    moment: 'ahead',
    attempts: 1,
    error:
      "the browser's subscription has expired or was withdrawn (push service answered 410): push subscription has unsubscribed or expired.",
  },
  {
    channel: 'line',
    moment: 'called',
    attempts: 6,
    error: 'LINE monthly message limit reached (429): You have reached your monthly limit.',
  },
  {
    channel: 'line',
    moment: 'lab',
    attempts: 1,
    error: 'LINE cannot reach this user (400): Failed to send messages',
  },
  { channel: 'web_push', moment: 'lab', attempts: 6, error: 'push service not reached (ETIMEDOUT)' },
] as const;

/** The first instant of the month `back` months before `now`'s, on Bangkok's clock (UTC+7). */
function monthStart(now: Date, back: number): Date {
  const local = new Date(now.getTime() + 7 * HOUR);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1) - 7 * HOUR);
}

async function seed(dataDir: string, uuids: string[]): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const client = await database.connectUnbounded();
    try {
      await client.query('begin');
      const queues = (
        await client.query<{ id: string; branch_id: number }>(
          `select id, branch_id from queues where uuid = any($1::uuid[]) order by created`,
          [uuids],
        )
      ).rows;
      const now = new Date();
      const subscription = async (
        queue: { id: string; branch_id: number },
        channel: 'web_push' | 'line',
        n: number,
        ended: boolean,
      ) => {
        const web = channel === 'web_push';
        const { rows } = await client.query<{ id: number }>(
          `insert into driver_subscriptions
             (queue_id, branch_id, channel, endpoint, p256dh, auth, line_user_id, language,
              notify_ahead, notify_called, notify_lab, consented_at, created, ended_at, end_reason)
           values ($1, $2, $3, $4, $5, $6, $7, 'th', null, false, false, $8, $8, $9, $10)
           returning id`,
          [
            queue.id,
            queue.branch_id,
            channel,
            web ? `https://fcm.googleapis.com/fcm/send/screenshot-${n}` : null,
            web
              ? 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
              : null,
            web ? 'tBHItJI5svbpez7KI4CCXg' : null,
            web ? null : `U${String(n).padStart(32, '0')}`,
            new Date(now.getTime() - 3 * HOUR),
            ended ? new Date(now.getTime() - HOUR) : null,
            ended ? 'exit' : null,
          ],
        );
        return rows[0]!.id;
      };
      // Following now: four browsers and three LINE chats on the waiting trucks (nothing chosen,
      // so nothing is due); and one ended subscription per channel that the history hangs on.
      for (const [i, queue] of queues.slice(0, 4).entries()) await subscription(queue, 'web_push', i, false);
      for (const [i, queue] of queues.slice(0, 3).entries()) await subscription(queue, 'line', i, false);
      const history = {
        web_push: await subscription(queues[4]!, 'web_push', 90, true),
        line: await subscription(queues[5]!, 'line', 91, true),
      };

      // Within the contact retention (90 days): the daily job at start must not erase them.
      const oldest = now.getTime() - 85 * DAY;
      for (const [back, counts] of MONTHS.entries()) {
        const from = Math.max(monthStart(now, back).getTime(), oldest);
        const to = back === 0 ? now.getTime() - 4 * HOUR : monthStart(now, back - 1).getTime() - HOUR;
        for (const channel of ['web_push', 'line'] as const) {
          const [sent, failed] = counts[channel];
          for (const [status, n] of [
            ['sent', sent],
            ['failed', failed],
          ] as const) {
            await client.query(
              `insert into notification_deliveries
                 (subscription_id, branch_id, channel, moment, moment_key, title, body, url, status,
                  attempts, next_attempt_at, last_error, created, sent_at)
               select $1, $2, $3, (array['ahead', 'called', 'lab'])[1 + g % 3],
                      'history-' || $4::text || '-' || $5::text || '-' || g, 'คิว', 'ข้อความ', '/', $5::text,
                      case when $5::text = 'sent' then 1 else 6 end, t, null, t,
                      case when $5::text = 'sent' then t end
                 from generate_series(1, $6::int) g,
                      lateral (select to_timestamp(($7::float8 + (g::float8 / ($6::int + 1)) * ($8::float8 - $7::float8)) / 1000) as t) x`,
              [history[channel], queues[0]!.branch_id, channel, back, status, n, from, to],
            );
          }
        }
      }

      for (const [i, failure] of FAILURES.entries()) {
        const created = new Date(now.getTime() - (20 + i * 17) * 60_000);
        const retrying = 'retryIn' in failure;
        // Each on a truck of its own; the subscription ended (it does not count as following).
        const to = await subscription(queues[i % queues.length]!, failure.channel, 100 + i, true);
        await client.query(
          `insert into notification_deliveries
             (subscription_id, branch_id, channel, moment, moment_key, title, body, url, status,
              attempts, next_attempt_at, last_error, created)
           values ($1, $2, $3, $4, $5, 'คิว', 'ข้อความ', '/', $6, $7, $8, $9, $10)`,
          [
            to,
            queues[0]!.branch_id,
            failure.channel,
            failure.moment,
            `failure-${i}`,
            retrying ? 'pending' : 'failed',
            failure.attempts,
            retrying ? new Date(now.getTime() + failure.retryIn * 60_000) : created,
            failure.error,
            created,
          ],
        );
      }
      await client.query('commit');
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
}

export async function shootNotificationsScreens(browser: Browser, sharedBaseUrl: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tq-notifications-'));
  try {
    let server = await startServer(LINE_ENV, { dataDir });
    const uuids: string[] = [];
    try {
      for (let i = 0; i < 6; i++) uuids.push((await issueDriverTicket(server.baseUrl)).uuid);
      const admin = await signIn(server.baseUrl, ...ADMIN);
      await post(
        server.baseUrl,
        'admin/saveNotifySettings',
        { privacy_notice: NOTICE, contact_retention_days: 90, plate_retention_days: 365 },
        admin.session,
      );
    } finally {
      await server.stop();
    }
    await seed(dataDir, uuids);
    server = await startServer(LINE_ENV, { dataDir });
    try {
      for (const language of ['th', 'en'] as const) {
        for (const mode of ['light', 'dark'] as const) {
          const page = await preparePage(browser, server.baseUrl, language, mode);
          await signInDirect(page, server.baseUrl, ...ADMIN);
          await page.goto('/System/notifications');
          await page.getByTestId('notify-failures').locator('tbody tr.ant-table-row').first().waitFor();
          await page.mouse.move(0, 0);
          await shoot(page, `notifications-admin-${language}-${mode}`, true);
          await page.context().close();
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  // A plant without a LINE account: the page names the two variables to set.
  const page = await preparePage(browser, sharedBaseUrl, 'th', 'light');
  await signInDirect(page, sharedBaseUrl, ...ADMIN);
  await page.goto('/System/notifications');
  await page.getByTestId('line-missing').waitFor();
  await page.getByTestId('notify-channels').evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await page.mouse.move(0, 0);
  await shoot(page, 'notifications-admin-no-line-th-light');
  await page.context().close();
}
