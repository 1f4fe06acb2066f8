import { classOfProduct, type LineRule } from '@truck-queue/shared/contracts/line-rule';
import type { CapDayRow, LineWaitRow, OfficerOrderRow } from '@truck-queue/shared/contracts/report.contract';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { createLineOrderReportRepository, type DayRange } from './line-order-report.repository.ts';

/** The q-quantile of sorted values, interpolated between neighbours (percentile_cont). */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Who went first (issue 38) over a period of plant days: waits per line and class, out-of-order
 * calls per officer, caps per line and day. A truck's class is the one it was called as
 * (called_class), or for calls from before that was kept, the one it was given (order_class) or
 * its product's in the line's rule as it stands today; a class the rule no longer has shows by
 * its key. Caps are today's rule's.
 */
export function createLineOrderReportService(db: Db) {
  const repo = createLineOrderReportRepository(db);

  return {
    async report(
      auth: AuthContext,
      days: DayRange,
    ): Promise<{ waits: LineWaitRow[]; officers: OfficerOrderRow[]; caps: CapDayRow[] }> {
      const [lines, called, calls, admissions] = await Promise.all([
        repo.lines(auth.branchId),
        repo.called(auth.branchId, days),
        repo.callsByOfficer(auth.branchId, days),
        repo.admissions(auth.branchId, days),
      ]);
      const lineOf = new Map(lines.map((l) => [l.id, l]));
      const ruleOf = (id: number): LineRule | null => lineOf.get(id)?.rule ?? null;
      const classOf = (t: (typeof called)[number]) =>
        t.calledClass ?? t.orderClass ?? classOfProduct(ruleOf(t.branchQueueTypeId), t.productId);
      const className = (id: number, key: string) =>
        key === '' ? '' : (ruleOf(id)?.classes.find((c) => c.key === key)?.name ?? key);
      const lineFields = (id: number) => ({
        branch_queue_type_id: id,
        queue_type_name: lineOf.get(id)?.name ?? '',
        prefix: lineOf.get(id)?.prefix ?? '',
      });
      const order = (id: number) => lines.findIndex((l) => l.id === id);

      // Waits per line and class. A requeued no-show joined again after its first call: no wait.
      const waitsBy = new Map<string, { id: number; key: string; trucks: number; waits: number[] }>();
      for (const t of called) {
        const key = classOf(t);
        const group = `${t.branchQueueTypeId}|${key}`;
        const entry = waitsBy.get(group) ?? { id: t.branchQueueTypeId, key, trucks: 0, waits: [] };
        entry.trucks++;
        if (t.waitSeconds !== null && t.waitSeconds >= 0) entry.waits.push(t.waitSeconds);
        waitsBy.set(group, entry);
      }
      const classRank = (id: number, key: string) => {
        const at = ruleOf(id)?.classes.findIndex((c) => c.key === key) ?? -1;
        return key === '' ? 1000 : at < 0 ? 500 : at;
      };
      const waits = [...waitsBy.values()]
        .sort((a, b) => order(a.id) - order(b.id) || classRank(a.id, a.key) - classRank(b.id, b.key))
        .map((e): LineWaitRow => {
          const sorted = [...e.waits].sort((a, b) => a - b);
          const median = quantile(sorted, 0.5);
          const p90 = quantile(sorted, 0.9);
          return {
            ...lineFields(e.id),
            class_key: e.key,
            class_name: className(e.id, e.key),
            trucks: e.trucks,
            median_seconds: median === null ? null : Math.round(median),
            p90_seconds: p90 === null ? null : Math.round(p90),
          };
        });

      // Calls per officer; the passed-over ones with their reasons.
      const officersBy = new Map<string, OfficerOrderRow>();
      for (const c of calls) {
        const id = c.officerId;
        const row = officersBy.get(String(id)) ?? {
          officer_id: id,
          officer_name: c.name === null ? '' : `${c.name} ${c.lastname ?? ''}`.trim(),
          calls: 0,
          passed: 0,
          reasons: [],
          without_reason: 0,
        };
        row.calls += c.calls;
        if (c.passed) {
          row.passed += c.calls;
          if (c.reason === null) row.without_reason += c.calls;
          else row.reasons.push({ name: c.reason, count: c.calls });
        }
        officersBy.set(String(id), row);
      }
      const officerRows = [...officersBy.values()]
        .map((r) => ({
          ...r,
          reasons: r.reasons.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
        }))
        .sort(
          (a, b) => b.passed - a.passed || b.calls - a.calls || a.officer_name.localeCompare(b.officer_name),
        );

      // Caps: every plant day a capped line had calls (or admissions), the class against its max.
      const admittedBy = new Map(admissions.map((a) => [`${a.branchQueueTypeId}|${a.day}`, a.admitted]));
      type Amounts = { loads: number; tonnes: number };
      const dayTotals = new Map<string, Amounts & { byClass: Map<string, Amounts> }>();
      for (const t of called) {
        const group = `${t.branchQueueTypeId}|${t.day}`;
        const entry = dayTotals.get(group) ?? { loads: 0, tonnes: 0, byClass: new Map<string, Amounts>() };
        const key = classOf(t);
        const cls = entry.byClass.get(key) ?? { loads: 0, tonnes: 0 };
        entry.loads++;
        cls.loads++;
        entry.tonnes += t.netTonnes ?? 0;
        cls.tonnes += t.netTonnes ?? 0;
        entry.byClass.set(key, cls);
        dayTotals.set(group, entry);
      }
      const caps: CapDayRow[] = [];
      for (const line of lines) {
        if (!line.rule || line.rule.caps.length === 0) continue;
        const dayKeys = new Set<string>();
        for (const group of [...dayTotals.keys(), ...admittedBy.keys()])
          if (group.startsWith(`${line.id}|`)) dayKeys.add(group.slice(String(line.id).length + 1));
        for (const day of [...dayKeys].sort()) {
          const totals = dayTotals.get(`${line.id}|${day}`);
          for (const cap of line.rule.caps) {
            const total = totals ? totals[cap.of] : 0;
            const amount = totals?.byClass.get(cap.class_key)?.[cap.of] ?? 0;
            caps.push({
              ...lineFields(line.id),
              day,
              class_key: cap.class_key,
              class_name: className(line.id, cap.class_key),
              of: cap.of,
              max_percent: cap.max_percent,
              class_amount: round1(amount),
              total_amount: round1(total),
              percent: total > 0 ? round1((amount / total) * 100) : null,
              admitted: admittedBy.get(`${line.id}|${day}`) ?? 0,
            });
          }
        }
      }
      return { waits, officers: officerRows, caps };
    },
  };
}

export type LineOrderReportService = ReturnType<typeof createLineOrderReportService>;
