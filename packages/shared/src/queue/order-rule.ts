/**
 * Who goes first in a line (issue 38): a queue type's order rule, and the order it gives the
 * trucks waiting for their call. Pure, like decide(): the server calls the line in this order
 * ("Call next"), and the calling page, the board, the driver's page and the expected wait show
 * the same order, because they all ask this one function.
 *
 * The rule, in the order it is applied:
 *  1. Held: a truck whose class has a daily cap it would break (burnt cane at most 25 % of the
 *     day's loads) waits until the cap has room, unless a manager admitted it with a reason.
 *  2. Overdue: a truck that has waited `maxWaitMinutes` goes before everyone not overdue, the
 *     longest wait first, so no class is ever starved.
 *  3. Stale: with `staleFirst`, a load cut (or loaded) longer than `freshLimitMinutes` ago goes
 *     next, the oldest cut first (cane loses sugar by the hour).
 *  4. Classes: a class marked `first` goes before the classes after it in the list; the others
 *     share the calls by their `share` (fresh 2 : ordinary 1 calls two fresh loads for one
 *     ordinary one while both wait). The shares are kept by smooth weighted round robin, its
 *     credits replayed from the line's calls of the day and bounded to one round, so a class
 *     that had nobody waiting comes back with at most one round's advance.
 *  5. Within a class: first come, first served (the time the truck joined the line).
 * A rule without classes, caps or limits is first come, first served: the default.
 */

/** The class of a truck no class names: the line's ordinary trucks. */
export const ORDINARY_CLASS = '';

/** One class of trucks in a line's rule (booked, fresh, a named supplier's, ...). */
export interface OrderClass {
  /** A short stable key ('booked', 'fresh', 'burnt', ...); never ORDINARY_CLASS. */
  key: string;
  /** Calls for this class against `ordinaryShare` ordinary ones while both wait; at least 1. */
  share: number;
  /** Called before every class listed after it (and the ordinary trucks) while any waits. */
  first: boolean;
}

/** A daily cap on one class: its share of the day's loads (or of its tonnes) at most `max`. */
export interface ClassCap {
  classKey: string;
  /** 0..1: 0.25 for "at most 25 %". */
  max: number;
  of: 'loads' | 'tonnes';
  /**
   * Either way a truck that would break the cap is held (not called next); 'hold': it waits until
   * the cap has room; 'ask': a manager may also admit it with a reason, and then it is called.
   */
  whenFull: 'hold' | 'ask';
}

export interface OrderRule {
  /** Highest first where `first` is set; the order of the others does not matter. */
  classes: readonly OrderClass[];
  /** The ordinary trucks' share against the classes' shares; at least 1. */
  ordinaryShare: number;
  /** After this long waiting a truck goes first; null: never. */
  maxWaitMinutes: number | null;
  /** Loads cut (or loaded) longer ago than this are stale (flagged on the card); null: no limit. */
  freshLimitMinutes: number | null;
  /** Stale loads go before the classes (after the overdue), the oldest cut first. */
  staleFirst: boolean;
  caps: readonly ClassCap[];
}

/** First come, first served: what a line does until its admin sets a rule. */
export const FIRST_COME_FIRST_SERVED: OrderRule = {
  classes: [],
  ordinaryShare: 1,
  maxWaitMinutes: null,
  freshLimitMinutes: null,
  staleFirst: false,
  caps: [],
};

/** A truck waiting for its call, as the rule sees it. */
export interface WaitingTruck {
  id: number;
  /** When it joined the line (its issue, or the back of the line after a no-show). */
  lineAt: Date;
  /** Its class key (ORDINARY_CLASS for none): from its booking, supplier, product or the officer. */
  classKey: string;
  /** When its load was cut or loaded, when known. */
  cutAt?: Date | null;
  /** A manager admitted it past its class's cap, with a reason. */
  admitted?: boolean;
  /** Its expected net tonnes, for caps on tonnes (the class's mean of the day, say). */
  expectedTonnes?: number;
}

/** What the line has called today: the classes in call order, and each class's loads and tonnes. */
export interface LineDay {
  /** Class keys of the day's calls of this line, oldest first (first calls only). */
  calls: readonly string[];
  /** Tonnes per class of the day's called loads (net where weighed, expected otherwise). */
  tonnes?: Readonly<Record<string, number>>;
}

/** Why a truck is where it is in the order. */
export type OrderReason =
  | { kind: 'overdue'; waitedMinutes: number }
  | { kind: 'stale'; ageMinutes: number }
  | { kind: 'class'; classKey: string; first: boolean }
  | { kind: 'turn' };

/** A cap the truck would break if called now. */
export interface OrderHold {
  classKey: string;
  max: number;
  of: 'loads' | 'tonnes';
  whenFull: 'hold' | 'ask';
}

export interface OrderedTruck {
  id: number;
  /** 1 for the truck the rule calls next. */
  position: number;
  reason: OrderReason;
  /** Its class's cap is full now: held (a manager may admit it where the cap says 'ask'). */
  hold: OrderHold | null;
  /** The load is older than the line's freshness limit. */
  stale: boolean;
}

const MINUTE = 60_000;

/** What the picks so far have called: loads and tonnes per class, and the round robin's credits. */
interface Tally {
  loads: Map<string, number>;
  total: number;
  tonnes: Map<string, number>;
  credits: Map<string, number>;
}

/**
 * The line in the order the rule calls it, from `now`: every waiting truck once, the next first.
 * Held trucks come where the cap would have room if the trucks before them were called, or last
 * (still held) when it would not.
 *
 * Each class's trucks wait in a line of their own (line order, and for "stale first" by cut
 * time), so a step looks at each class's first truck only: the order of n trucks costs n steps
 * of one look per class, not n looks at every truck (a harvest night's 2,000 trucks of one line
 * are placed in milliseconds). A class's cap holds its trucks together (the server gives a class
 * one expected tonnage); an admitted truck goes past it.
 */
export function orderLine(
  rule: OrderRule,
  waiting: readonly WaitingTruck[],
  day: LineDay,
  now: Date,
): OrderedTruck[] {
  const shares = sharedClasses(rule);
  const tally: Tally = {
    loads: new Map(),
    total: 0,
    tonnes: new Map(Object.entries(day.tonnes ?? {})),
    credits: new Map(shares.map((c) => [c.key, 0])),
  };
  for (const key of day.calls) count(tally, rule, shares, key, 0);
  const all = [...waiting].sort(byLine);
  const taken = new Set<number>();
  const classes = new Map<string, ClassLine>();
  // By the truck's own key (a cap names it), gathered into the rule's classes when picking.
  for (const truck of all) {
    const key = truck.classKey;
    let line = classes.get(key);
    if (!line) classes.set(key, (line = newClassLine()));
    const stale = rule.staleFirst && isStale(rule, truck, now);
    line.all.push(truck);
    if (stale) line.stale.push(truck);
    if (truck.admitted) {
      line.admitted.push(truck);
      if (stale) line.staleAdmitted.push(truck);
    }
  }
  // The oldest cut first; a tie in line order (the sort is stable).
  const byCut = (a: WaitingTruck, b: WaitingTruck) => a.cutAt!.getTime() - b.cutAt!.getTime();
  for (const line of classes.values()) {
    line.stale.sort(byCut);
    line.staleAdmitted.sort(byCut);
  }

  const ordered: OrderedTruck[] = [];
  const place = (truck: WaitingTruck, reason: OrderReason, hold: OrderHold | null) => {
    taken.add(truck.id);
    ordered.push({
      id: truck.id,
      position: ordered.length + 1,
      reason,
      hold,
      stale: isStale(rule, truck, now),
    });
  };
  while (ordered.length < all.length) {
    // Each class's first callable truck (and first callable stale one): all its trucks, or only
    // the admitted ones while its cap holds it.
    const heads = new Map<string, { truck: WaitingTruck; stale: WaitingTruck | undefined }>();
    for (const [key, line] of classes) {
      const first = firstLeft(line.all, line, 'all', taken);
      if (!first) continue;
      const held = holdOf(rule, { ...first, admitted: false }, tally) !== null;
      const truck = held ? firstLeft(line.admitted, line, 'admitted', taken) : first;
      if (!truck) continue;
      const stale = held
        ? firstLeft(line.staleAdmitted, line, 'staleAdmitted', taken)
        : firstLeft(line.stale, line, 'stale', taken);
      heads.set(key, { truck, stale });
    }
    const next = heads.size > 0 ? pickNext(rule, shares, heads, tally, now) : null;
    if (!next) {
      // Nothing left the caps let through: the held trucks wait in line order, marked.
      for (const truck of all)
        if (!taken.has(truck.id)) place(truck, { kind: 'turn' }, holdOf(rule, truck, tally));
      break;
    }
    place(next.truck, next.reason, null);
    count(tally, rule, shares, next.truck.classKey, next.truck.expectedTonnes ?? 0);
  }
  return ordered;
}

/** One class's waiting trucks: in line order, its admitted ones, its stale ones by cut time; each list read from a head. */
interface ClassLine {
  all: WaitingTruck[];
  admitted: WaitingTruck[];
  stale: WaitingTruck[];
  staleAdmitted: WaitingTruck[];
  heads: Record<'all' | 'admitted' | 'stale' | 'staleAdmitted', number>;
}

const newClassLine = (): ClassLine => ({
  all: [],
  admitted: [],
  stale: [],
  staleAdmitted: [],
  heads: { all: 0, admitted: 0, stale: 0, staleAdmitted: 0 },
});

/** The first truck of a class's list not yet placed (the head moves past placed ones for good). */
function firstLeft(
  list: WaitingTruck[],
  line: ClassLine,
  which: keyof ClassLine['heads'],
  taken: ReadonlySet<number>,
): WaitingTruck | undefined {
  while (line.heads[which] < list.length && taken.has(list[line.heads[which]]!.id)) line.heads[which]++;
  return list[line.heads[which]];
}

export function nextInLine(
  rule: OrderRule,
  waiting: readonly WaitingTruck[],
  day: LineDay,
  now: Date,
): OrderedTruck | null {
  const first = orderLine(rule, waiting, day, now)[0];
  return first && !first.hold ? first : null;
}

function byLine(a: WaitingTruck, b: WaitingTruck): number {
  return a.lineAt.getTime() - b.lineAt.getTime() || a.id - b.id;
}

function isStale(rule: OrderRule, truck: WaitingTruck, now: Date): boolean {
  return (
    rule.freshLimitMinutes !== null &&
    truck.cutAt != null &&
    now.getTime() - truck.cutAt.getTime() > rule.freshLimitMinutes * MINUTE
  );
}

/** The classes that share the calls by round robin (not `first`), the ordinary trucks last. */
function sharedClasses(rule: OrderRule): { key: string; share: number }[] {
  return [
    ...rule.classes.filter((c) => !c.first).map((c) => ({ key: c.key, share: Math.max(1, c.share) })),
    { key: ORDINARY_CLASS, share: Math.max(1, rule.ordinaryShare) },
  ];
}

/** A class key the rule names, or ORDINARY_CLASS. */
function classIn(rule: OrderRule, key: string): string {
  return rule.classes.some((c) => c.key === key) ? key : ORDINARY_CLASS;
}

/**
 * One call of class `key` counted: its load and tonnes, and smooth weighted round robin's
 * credits (each call adds every shared class its share and takes the round, the shares' sum,
 * from the class called; credits stay within one round either way, so an absence is neither
 * hoarded nor punished beyond a round). A class marked `first` takes no part in the round.
 */
function count(
  tally: Tally,
  rule: OrderRule,
  shares: readonly { key: string; share: number }[],
  key: string,
  tonnes: number,
): void {
  tally.loads.set(key, (tally.loads.get(key) ?? 0) + 1);
  tally.total += 1;
  if (tonnes) tally.tonnes.set(key, (tally.tonnes.get(key) ?? 0) + tonnes);
  const called = classIn(rule, key);
  if (!tally.credits.has(called)) return;
  const round = shares.reduce((sum, c) => sum + c.share, 0);
  for (const c of shares) tally.credits.set(c.key, Math.min(round, tally.credits.get(c.key)! + c.share));
  tally.credits.set(called, Math.max(-round, tally.credits.get(called)! - round));
}

/** The cap `truck` would break if called now, unless it was admitted past it. */
function holdOf(rule: OrderRule, truck: WaitingTruck, tally: Tally): OrderHold | null {
  if (truck.admitted) return null;
  const cap = rule.caps.find((c) => c.classKey === truck.classKey);
  if (!cap) return null;
  let share: number;
  if (cap.of === 'loads') {
    share = ((tally.loads.get(cap.classKey) ?? 0) + 1) / (tally.total + 1);
  } else {
    const load = truck.expectedTonnes ?? 0;
    let total = load;
    for (const t of tally.tonnes.values()) total += t;
    share = total > 0 ? ((tally.tonnes.get(cap.classKey) ?? 0) + load) / total : 0;
  }
  // A small tolerance: 1 in 4 is exactly 25 %, and is allowed.
  return share > cap.max + 1e-9
    ? { classKey: cap.classKey, max: cap.max, of: cap.of, whenFull: cap.whenFull }
    : null;
}

function pickNext(
  rule: OrderRule,
  shares: readonly { key: string; share: number }[],
  heads: ReadonlyMap<string, { truck: WaitingTruck; stale: WaitingTruck | undefined }>,
  tally: Tally,
  now: Date,
): { truck: WaitingTruck; reason: OrderReason } | null {
  const waitedMinutes = (truck: WaitingTruck) => (now.getTime() - truck.lineAt.getTime()) / MINUTE;
  // The callable truck that has waited longest is the first in line of its class's.
  let longest: WaitingTruck | undefined;
  for (const { truck } of heads.values()) if (!longest || byLine(truck, longest) < 0) longest = truck;
  const limit = rule.maxWaitMinutes;
  if (longest && limit !== null && waitedMinutes(longest) >= limit)
    return { truck: longest, reason: { kind: 'overdue', waitedMinutes: waitedMinutes(longest) } };

  if (rule.staleFirst) {
    let oldest: WaitingTruck | undefined;
    for (const { stale } of heads.values()) {
      if (!stale) continue;
      const by = oldest ? stale.cutAt!.getTime() - oldest.cutAt!.getTime() || byLine(stale, oldest) : -1;
      if (by < 0) oldest = stale;
    }
    if (oldest)
      return {
        truck: oldest,
        reason: { kind: 'stale', ageMinutes: (now.getTime() - oldest.cutAt!.getTime()) / MINUTE },
      };
  }

  // Each class's first truck: a key no class of the rule has is an ordinary truck.
  const firstOfClass = new Map<string, WaitingTruck>();
  for (const [key, { truck }] of heads) {
    const c = classIn(rule, key);
    const known = firstOfClass.get(c);
    if (!known || byLine(truck, known) < 0) firstOfClass.set(c, truck);
  }
  // Classes marked first, in the rule's order, while one of theirs waits.
  for (const c of rule.classes) {
    const truck = c.first ? firstOfClass.get(c.key) : undefined;
    if (truck) return { truck, reason: { kind: 'class', classKey: c.key, first: true } };
  }
  let best: { key: string; score: number } | null = null;
  for (const { key, share } of shares) {
    if (!firstOfClass.has(key)) continue;
    const score = (tally.credits.get(key) ?? 0) + share;
    if (!best || score > best.score) best = { key, score };
  }
  if (!best) return null;
  return {
    truck: firstOfClass.get(best.key)!,
    reason:
      best.key === ORDINARY_CLASS ? { kind: 'turn' } : { kind: 'class', classKey: best.key, first: false },
  };
}
