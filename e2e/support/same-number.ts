import { openDatabase } from '../../apps/server/src/db/database.ts';

/**
 * Two trucks inside holding one queue number, as after midnight: numbers restart every day, so
 * yesterday's truck still inside holds the number today's first truck gets. No API call makes
 * that happen before midnight, so this edits the database of a stopped server (its DATA_DIR):
 * `older` moves a day back (its queue day, a free sequence of that day, and its issue time), and
 * both take `queueNumber`, one the demo's days do not reach (no third truck holds it).
 * `finished`: both were called and finished, so the gate lets either out without asking.
 */
export async function shareNumber(
  dataDir: string,
  older: string,
  newer: string,
  queueNumber: string,
  options: { finished?: boolean } = {},
): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const client = await database.connectUnbounded();
    try {
      await client.query('begin');
      await client.query(
        `update queues set queue_date = queue_date - 1, created = created - interval '1 day',
           line_at = line_at - interval '1 day',
           seq = (select coalesce(max(q.seq), 0) + 1 from queues q
                   where q.branch_queue_type_id = queues.branch_queue_type_id
                     and q.queue_date = queues.queue_date - 1)
         where uuid = $1`,
        [older],
      );
      await client.query(`update queues set queue_number = $3 where uuid in ($1, $2)`, [
        older,
        newer,
        queueNumber,
      ]);
      if (options.finished) {
        await client.query(
          `update queues set state = 'F', called_at = now(), last_called_at = now(), finished_at = now()
             where uuid in ($1, $2)`,
          [older, newer],
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
