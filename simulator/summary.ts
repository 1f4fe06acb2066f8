import os from 'node:os';
import { queueInformation } from '@truck-queue/shared/contracts/public-queue.contract';
import { issueQueue } from '@truck-queue/shared/contracts/queue.contract';
import { accuracyTable, INSIDE_TARGET, widthLimitMin } from '@truck-queue/shared/queue/eta-accuracy';
import { ms, percentile } from '../bench/support.ts';
import type { Check } from './checks.ts';
import type { EtaSummary } from './eta-watch.ts';
import type { LabWayFloor } from './lab-floor.ts';
import type { Ledger } from './ledger.ts';
import { seriesLine, type MemorySample, type MemoryVerdict } from './memory.ts';
import { HARVEST_PEAK, type WindowName } from './plan.ts';
import type { YardFigures } from './recovery.ts';

/** The end of a run: figures, latencies, slips, the memory series and the checks, as Markdown tables. */

export interface Figures {
  /** The hours played, "06:00–22:00". */
  window: string;
  windowName: WindowName;
  /** The night: the plant day turned over during the run. */
  night: boolean;
  /** Trucks inside hour by hour, the most at once, the last out, the time-out. */
  yard: YardFigures;
  /** The call lines, each served in order (every window since issue 40); null when none was played. */
  lines: LineFigures[] | null;
  /** CPU seconds the server used from the clock's start to the last truck's journey (/proc). */
  serverCpuSeconds: number | null;
  trucksOut: number;
  engine: string;
  trucks: number;
  accel: number;
  seed: number;
  setupSeconds: number;
  daySeconds: number;
  /** queueChanged: what the watched drivers' pages heard (queueChanged, or the ticket and line pushes). */
  socketEvents: { refreshUI: number; popup: number; called: number; queueChanged: number };
  /** Weighings in all; captured from the wired indicator; typed because a truck stood on it already. */
  weighings: { total: number; captured: number; typedWhileBusy: number };
  /** The expected wait on drivers' pages against the real wait for the call (issue 21). */
  expectedWait: EtaSummary;
  /** The lab trucks' own ways alone: what no range read at the ticket can narrow (lab-floor.ts). */
  labWay: LabWayFloor | null;
  memory: MemorySample[];
  verdict: MemoryVerdict;
  loadBefore: number[];
  loadAfter: number[];
}

/** A call line of the harvest: its stations, its calls, how long a call held a station, its longest wait. */
export interface LineFigures {
  flow: string;
  stations: number;
  calls: number;
  /** Simulated minutes, real overheads included. */
  meanHoldMin: number | null;
  longest: number;
  longestAt: string;
}

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');

/** A latency as benchmarks.md writes them: 14.7 under 100 ms, 1,004 above. */
const short = (value: number) =>
  Number.isNaN(value) ? '–' : value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
const p50p99 = (list: number[] | undefined) =>
  list && list.length > 0 ? `${short(percentile(list, 50))} / ${short(percentile(list, 99))} ms` : '–';
const thousands = (n: number) => n.toLocaleString('en-US');

export function printSummary(figures: Figures, ledger: Ledger, checks: Check[]): void {
  const http = ledger.allLatencies((what) => !what.startsWith('socket '));
  const acks = ledger.allLatencies((what) => what.startsWith('socket '));
  const cores = os.cpus();
  const first = figures.memory[0];
  const last = figures.memory.at(-1);
  const v = figures.verdict;
  const mb = (n: number | undefined) => `${n?.toFixed(0) ?? '?'} MB`;
  const heap = v.heap
    ? `${mb(first?.heapMb ?? undefined)} → ${mb(last?.heapMb ?? undefined)}; ` +
      `${mb(v.heap.firstMedianMb)} → ${mb(v.heap.lastMedianMb)}`
    : 'n/a (no heap figure on /metrics)';
  const calls = ledger.calls.filter((c) => c.action === 'call').length;
  const e = figures.socketEvents;
  const y = figures.yard;
  const pages = ledger.latencies.get(queueInformation.path)?.length ?? 0;
  const cpu =
    figures.serverCpuSeconds === null
      ? 'n/a (no /proc)'
      : `${figures.serverCpuSeconds.toFixed(1)} s; ${((figures.serverCpuSeconds / figures.daySeconds) * 100).toFixed(0)} %`;

  const title = {
    day: 'Plant day',
    night: `Plant night (${figures.window}, the plant day turning over at 00:00)`,
    '24h':
      `Harvest day and night (${figures.window}, peak ${HARVEST_PEAK.from}:00–${HARVEST_PEAK.to}:00, ` +
      'the plant day turning over at 00:00)',
  }[figures.windowName];
  console.log(`\n## ${title}: ${figures.trucks} trucks on ${figures.engine}\n`);
  const byPath = new Map<string, number>();
  for (const pick of ledger.picks) byPath.set(pick.path, (byPath.get(pick.path) ?? 0) + 1);
  const choices = [...byPath].map(([path, n]) => `${path.split('/').at(-1)} ${n}`).join(', ');
  console.log(
    `${new Date().toISOString().slice(0, 16)}Z, ${cores.length} × ${cores[0]?.model.trim() ?? 'cpu'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average before ${load(figures.loadBefore)}, ` +
      `after ${load(figures.loadAfter)}; seed ${figures.seed}, ×${figures.accel}\n`,
  );
  console.log(
    table(
      ['figure', 'value'],
      [
        ['plant set up through the admin API', `${figures.setupSeconds.toFixed(1)} s`],
        [
          `${figures.night ? 'night' : 'day'} (${figures.window} and the last trucks out)`,
          `${figures.daySeconds.toFixed(0)} s`,
        ],
        ['trucks out / planned; errors', `${figures.trucksOut} / ${figures.trucks}; ${ledger.errors.length}`],
        [
          'yard: most trucks inside at once; last ticket → last out (simulated hours); the time-out',
          `${y.most.inside} at ${y.most.label}; ${y.lastArrival ?? '–'} → ${y.lastOut ?? '–'} ` +
            `(${y.drainHours?.toFixed(1) ?? '–'} h); ${y.deadline}`,
        ],
        ...(y.peakShare === null
          ? []
          : [
              [
                `tickets in the peak hours (${HARVEST_PEAK.from}:00–${HARVEST_PEAK.to}:00)`,
                `${(y.peakShare * 100).toFixed(1)} %`,
              ],
            ]),
        ['queue changes (each a refreshUI to every staff socket)', String(ledger.changes)],
        ['calls (doCalling, recalls included) / rechecks', `${calls} / ${ledger.calls.length - calls}`],
        [
          'weighings: captured from the indicator (scale bridge) / typed on the second bridge',
          `${figures.weighings.captured} / ${figures.weighings.total - figures.weighings.captured}`,
        ],
        [
          'counter actions by number (lab, weighbridge, gate) / chosen among trucks holding the number',
          `${ledger.counterActions.length} / ${ledger.picks.length}${choices ? ` (${choices})` : ''}`,
        ],
        [
          'HTTP calls: count, p50, p99',
          `${http.length}, ${ms(percentile(http, 50))}, ${ms(percentile(http, 99))}`,
        ],
        [
          'socket acks: count, p50, p99',
          `${acks.length}, ${ms(percentile(acks, 50))}, ${ms(percentile(acks, 99))}`,
        ],
        [
          "socket events received: refreshUI, popup, called, drivers' pages (queueChanged, or ticket and line pushes)",
          `${e.refreshUI}, ${e.popup}, ${e.called}, ${e.queueChanged}`,
        ],
        ["drivers' pages served (process/user/queueInformation reads)", String(pages)],
        ['server CPU (user + system, /proc) over the run; share of one core', cpu],
        [
          'server RSS: first sample → last; less the embedded database’s growth, median first → last quarter; lowest first → last quarter',
          `${mb(first?.rssMb)} → ${mb(last?.rssMb)}; ${mb(v.firstMedianMb)} → ${mb(v.lastMedianMb)} ` +
            `(${v.growthPercent >= 0 ? '+' : ''}${v.growthPercent.toFixed(1)} %); ${mb(v.floorMb.first)} → ${mb(v.floorMb.last)}`,
        ],
        ['server V8 heap used: first sample → last; median first → last quarter', heap],
        [
          "embedded database's WebAssembly memory (PGlite): first sample → last",
          first?.databaseMb != null
            ? `${mb(first.databaseMb)} → ${mb(last?.databaseMb ?? undefined)}`
            : 'n/a',
        ],
      ],
    ),
  );

  console.log(
    '\n' +
      table(
        ['call', 'count', 'p50', 'p99', 'max'],
        [...ledger.latencies]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([what, list]) => [
            what,
            String(list.length),
            ms(percentile(list, 50)),
            ms(percentile(list, 99)),
            ms(Math.max(...list)),
          ]),
      ),
  );

  if (figures.lines) {
    console.log(
      '\n' +
        table(
          [
            'call line (stations calling the first truck when free)',
            'stations',
            'calls (recalls included)',
            'mean hold of a station per call',
            'most waiting at once',
          ],
          figures.lines.map((l) => [
            l.flow,
            String(l.stations),
            String(l.calls),
            l.meanHoldMin === null ? '–' : `${l.meanHoldMin.toFixed(0)} min`,
            `${l.longest} at ${l.longestAt}`,
          ]),
        ),
    );
  }
  console.log(`\nTrucks inside at each hour: ${y.hourly.map((h) => `${h.label} ${h.inside}`).join(', ')}`);

  const w = figures.expectedWait;
  console.log(
    `\nExpected wait on the drivers' pages (simulated minutes), against each truck's real wait for ` +
      `its first call: ${w.called} of ${w.trucks} trucks called, read at issue and at each change of their line ` +
      '(but while a driver was parked for the night by his own choice, which no forecast can know: shown apart below). ' +
      'Measured, not checked: the targets are not yet a check of the run.',
  );
  console.log('\n' + accuracyTable(w.accuracy));
  const labWait = w.accuracy.groups.find((g) => g.flow === 'lab')?.atIssue.medianWaitMin ?? null;
  if (figures.labWay && labWait !== null) {
    const { trucks, spanMin, medianMin } = figures.labWay;
    console.log(
      `\nWhat no range read at the ticket can narrow: a lab truck's own way (its sample, the lab, its ` +
        `result read, a recheck's second pass), each drawn on its own in the plan. ${INSIDE_TARGET * 100} % ` +
        `of the ${trucks} lab trucks called took ways spanning at least ${spanMin.toFixed(1)} min ` +
        `(median ${medianMin.toFixed(1)} min): where the way decides the call, a range at the ticket that ` +
        `holds ${INSIDE_TARGET * 100} % of them is that wide, against the width the target allows at the ` +
        `lab's median real wait at issue (${labWait.toFixed(1)} min): ${widthLimitMin(labWait).toFixed(1)} min.`,
    );
  }
  const minutesOf = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} min`);
  console.log(
    '\nThe same readings by where the truck stood when read (which part of its way the range ' +
      "missed; bias: the median of real wait less the range's middle, above 0 too soon):\n\n" +
      table(
        [
          'flow, where',
          'readings',
          'with a range',
          'inside (before · after)',
          'median bias',
          'median width',
          'median real wait',
        ],
        w.byStanding.map(({ flow, standing, figures: f, medianBiasMin }) => [
          `${flow}, ${standing}`,
          String(f.readings),
          String(f.withRange),
          f.inside === null
            ? '–'
            : `${(f.inside * 100).toFixed(0)} % (${((f.early ?? 0) * 100).toFixed(0)} % · ${((f.late ?? 0) * 100).toFixed(0)} %)`,
          minutesOf(medianBiasMin),
          minutesOf(f.medianWidthMin),
          minutesOf(f.medianWaitMin),
        ]),
      ),
  );

  if (ledger.slips.size > 0) {
    console.log(
      '\n' +
        table(
          ["slip made on purpose → the server's answer", 'times'],
          [...ledger.slips].map(([what, n]) => [what, String(n)]),
        ),
    );
  }

  const every =
    figures.memory.length > 1 ? (figures.memory.at(-1)!.at / (figures.memory.length - 1)).toFixed(1) : '?';
  console.log(`\nServer RSS (MB, ${figures.memory.length} samples, one every ${every} s, shown at most 40):`);
  console.log(`  ${seriesLine(figures.memory.map((s) => s.rssMb))}`);
  if (first?.heapMb != null) {
    console.log('Server V8 heap used (MB):');
    console.log(`  ${seriesLine(figures.memory.map((s) => s.heapMb ?? 0))}`);
  }
  if (first?.databaseMb != null) {
    console.log("Embedded database's WebAssembly memory (MB):");
    console.log(`  ${seriesLine(figures.memory.map((s) => s.databaseMb ?? 0))}`);
  }

  const latency = (what: string) => ledger.latencies.get(what);
  const highest = Math.max(...figures.memory.map((s) => s.rssMb));
  console.log(`\nFor docs/benchmarks.md (the run in one row; latencies are the simulator's, round trip):\n`);
  console.log(
    table(
      [
        'run',
        'engine',
        'load average before / after',
        'run (real)',
        'trucks out',
        'errors',
        'most inside (at)',
        'last out',
        'HTTP p50 / p99',
        'socket acks p50 / p99',
        'issueQueue p50 / p99',
        'doCalling p50 / p99',
        "drivers' pages served",
        'server CPU',
        'server RSS first → highest → last',
      ],
      [
        [
          `${figures.windowName} ${figures.window}, ${thousands(figures.trucks)} trucks, ×${figures.accel}, seed ${figures.seed}`,
          figures.engine,
          `${figures.loadBefore[0]!.toFixed(1)} / ${figures.loadAfter[0]!.toFixed(1)}`,
          `${figures.daySeconds.toFixed(0)} s`,
          `${thousands(figures.trucksOut)} / ${thousands(figures.trucks)}`,
          String(ledger.errors.length),
          `${thousands(y.most.inside)} (${y.most.label})`,
          y.lastOut ?? '–',
          `${p50p99(http)} (${thousands(http.length)})`,
          `${p50p99(acks)} (${thousands(acks.length)})`,
          p50p99(latency(issueQueue.path)),
          p50p99(latency('socket doCalling')),
          thousands(pages),
          cpu,
          `${mb(first?.rssMb)} → ${mb(highest)} → ${mb(last?.rssMb)}`,
        ],
      ],
    ),
  );

  console.log(
    '\n' +
      table(
        ['check', 'expected', 'actual', ''],
        checks.map((c) => [c.name, c.expected, c.actual, c.ok ? 'ok' : 'FAIL']),
      ),
  );
  const failed = checks.filter((c) => !c.ok).length;
  console.log(failed === 0 ? '\nAll checks passed.' : `\n${failed} check(s) FAILED.`);
}
