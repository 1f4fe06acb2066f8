/**
 * The delivery calendar (issue 39): a season's remaining quota handed out as slots. The open
 * slots of the days asked for are shared among the suppliers with loads left, in proportion to
 * what each has left (largest remainders, so the shares add up to the slots exactly); then the
 * slots are dealt in the order of the days by smooth weighted round robin, so each supplier's
 * slots spread evenly over the period instead of filling its first days. A supplier never gets
 * more slots in a day than the rules allow it to hold.
 */

/** Free slots of one window of one day, the windows in the order of the days. */
export interface SlotOpening {
  day: string;
  windowStart: string;
  free: number;
}

export interface Claimant {
  id: number;
  /** Whole loads it has left to deliver (bookings it holds already taken off). */
  left: number;
}

export interface Allotment {
  /** Each slot handed out, in the order of the days. */
  slots: { supplierId: number; day: string; windowStart: string }[];
  /** Slots per supplier. */
  bySupplier: Map<number, number>;
}

/** Each claimant's share of `total` slots: what it has left if all fits, else in proportion (largest remainders). */
export function shares(claimants: readonly Claimant[], total: number): Map<number, number> {
  const wanted = claimants.filter((c) => c.left > 0);
  const sum = wanted.reduce((s, c) => s + c.left, 0);
  if (sum <= total) return new Map(wanted.map((c) => [c.id, c.left]));
  const exact = wanted.map((c) => ({ id: c.id, exact: (total * c.left) / sum }));
  const result = new Map(exact.map((e) => [e.id, Math.floor(e.exact)]));
  let rest = total - [...result.values()].reduce((s, n) => s + n, 0);
  // The largest remainders get one more; ties by id, so the same input deals the same way.
  const byRemainder = [...exact].sort(
    (a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.id - b.id,
  );
  for (const e of byRemainder) {
    if (rest === 0) break;
    result.set(e.id, result.get(e.id)! + 1);
    rest--;
  }
  return result;
}

export function allotSlots(
  openings: readonly SlotOpening[],
  claimants: readonly Claimant[],
  limits: { perSupplierDay: number; held: (supplierId: number, day: string) => number },
): Allotment {
  const total = openings.reduce((s, o) => s + o.free, 0);
  const share = shares(claimants, total);
  const left = new Map(share);
  const credit = new Map([...share.keys()].map((id) => [id, 0]));
  const perDay = new Map<string, number>();
  const slots: Allotment['slots'] = [];
  const bySupplier = new Map<number, number>();
  for (const opening of openings) {
    for (let n = 0; n < opening.free; n++) {
      const eligible = [...left.entries()].filter(
        ([id, l]) =>
          l > 0 &&
          limits.held(id, opening.day) + (perDay.get(`${id} ${opening.day}`) ?? 0) < limits.perSupplierDay,
      );
      if (eligible.length === 0) break;
      let weightSum = 0;
      let best: number | null = null;
      for (const [id] of eligible) {
        const weight = share.get(id)!;
        weightSum += weight;
        const c = credit.get(id)! + weight;
        credit.set(id, c);
        if (best === null || c > credit.get(best)!) best = id;
      }
      credit.set(best!, credit.get(best!)! - weightSum);
      left.set(best!, left.get(best!)! - 1);
      const key = `${best} ${opening.day}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
      bySupplier.set(best!, (bySupplier.get(best!) ?? 0) + 1);
      slots.push({ supplierId: best!, day: opening.day, windowStart: opening.windowStart });
    }
  }
  return { slots, bySupplier };
}
