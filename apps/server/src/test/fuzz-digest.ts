import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/**
 * Tables a refused call may write to on purpose: auth_events is the security audit, which
 * records failed sign-ins, throttled sign-ins and refused calls; integration_calls keeps every
 * call an integration key made, refused ones too. Every other table must be exactly as it was
 * after a refusal.
 */
export const AUDIT_TABLES = ['auth_events', 'integration_calls'];

/** md5 of every row of every table of the schema, per table: what a refused call must not change. */
export type Digest = Record<string, string>;

/**
 * Builds one query that digests every table (rows in primary-key order) in a single round trip.
 * Tables are read from the catalog, so one added later is digested too.
 */
export async function digester(db: Db): Promise<() => Promise<Digest>> {
  const tables = await db.execute<{ name: string; pk: string[] | null }>(sql`
    select c.relname as name,
           (select array_agg(a.attname::text order by k.ord)
              from pg_index i
              cross join unnest(i.indkey) with ordinality as k(attnum, ord)
              join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
             where i.indrelid = c.oid and i.indisprimary) as pk
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);
  const parts = tables.rows
    .filter((t) => !AUDIT_TABLES.includes(t.name))
    .map((t) => {
      const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
      const order = t.pk?.length ? t.pk.map((c) => `r.${quote(c)}`).join(', ') : 'r::text';
      return `select '${t.name}' as name, (select md5(coalesce(string_agg(r::text, E'\\n' order by ${order}), '')) from ${quote(t.name)} r) as digest`;
    });
  if (parts.length === 0) throw new Error('no tables to digest');
  const query = sql.raw(parts.join(' union all '));
  return async () => {
    const result = await db.execute<{ name: string; digest: string }>(query);
    return Object.fromEntries(result.rows.map((r) => [r.name, r.digest]));
  };
}

/** The tables whose rows differ between two digests. */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/**
 * Watches that refused calls change nothing: refused calls are collected and the database is
 * digested once per batch; before a call that might be accepted the batch is checked, and after
 * an accepted call the digest starts again from the new state. A batch after which some table
 * differs is reported with every call in it.
 */
export class RefusalWatch {
  private baseline: Digest = {};
  private pending: string[] = [];
  /** Refused calls checked (digested before and after), and digests taken. */
  verified = 0;
  digests = 0;
  readonly problems: string[] = [];

  constructor(
    private readonly digest: () => Promise<Digest>,
    private readonly batch = 40,
  ) {}

  async refused(description: string): Promise<void> {
    this.pending.push(description);
    if (this.pending.length >= this.batch) await this.check();
  }

  async check(): Promise<void> {
    if (this.pending.length === 0) return;
    const now = await this.take();
    this.verified += this.pending.length;
    const changed = changedTables(this.baseline, now);
    if (changed.length > 0) {
      this.problems.push(`refused calls changed ${changed.join(', ')}:\n  ${this.pending.join('\n  ')}`);
    }
    this.baseline = now;
    this.pending = [];
  }

  async rebaseline(): Promise<void> {
    this.baseline = await this.take();
    this.pending = [];
  }

  private take(): Promise<Digest> {
    this.digests += 1;
    return this.digest();
  }
}
