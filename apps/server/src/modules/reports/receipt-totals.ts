import type { ProductTotals, ReceiptTotals } from '@truck-queue/shared/contracts/report.contract';
import type { Slip } from '@truck-queue/shared/queue/slip';

/** One ticket as the totals count it: its plant day, its product, and its slip once weighed in and out. */
export interface ReceiptTicket {
  day: string;
  productName: string;
  slip: Pick<Slip, 'net' | 'deducted' | 'paid'> | null;
}

export interface DayTotals extends ReceiptTotals {
  day: string;
  products: ProductTotals[];
}

/** Sums to the tenth of a kilogram, as each slip is (no 0.30000000000000004). */
const tenth = (kg: number) => Math.round(kg * 10) / 10;

function empty(): ReceiptTotals {
  return { trucks: 0, weighed: 0, net_kg: 0, deducted_kg: 0, paid_kg: 0 };
}

function add(into: ReceiptTotals, ticket: ReceiptTicket): void {
  into.trucks++;
  if (!ticket.slip) return;
  into.weighed++;
  into.net_kg = tenth(into.net_kg + ticket.slip.net);
  into.deducted_kg = tenth(into.deducted_kg + ticket.slip.deducted);
  into.paid_kg = tenth(into.paid_kg + ticket.slip.paid);
}

/** A map of product name to totals as a list, by name (Thai order), with the name on each. */
function productList(byProduct: Map<string, ReceiptTotals>): ProductTotals[] {
  return [...byProduct]
    .sort(([a], [b]) => a.localeCompare(b, 'th'))
    .map(([productName, totals]) => ({ product_name: productName, ...totals }));
}

/**
 * The summary's totals: per plant day (in day order) and product, each day's total, and the
 * period's with its products'. Every truck counts; only trucks weighed in and out add weight.
 */
export function receiptTotals(tickets: readonly ReceiptTicket[]): {
  days: DayTotals[];
  period: ReceiptTotals & { products: ProductTotals[] };
} {
  const days = new Map<string, { totals: ReceiptTotals; products: Map<string, ReceiptTotals> }>();
  const period = empty();
  const periodProducts = new Map<string, ReceiptTotals>();
  for (const ticket of tickets) {
    let day = days.get(ticket.day);
    if (!day) days.set(ticket.day, (day = { totals: empty(), products: new Map() }));
    for (const [totals, products] of [
      [day.totals, day.products],
      [period, periodProducts],
    ] as const) {
      add(totals, ticket);
      let product = products.get(ticket.productName);
      if (!product) products.set(ticket.productName, (product = empty()));
      add(product, ticket);
    }
  }
  return {
    days: [...days]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([day, { totals, products }]) => ({ day, ...totals, products: productList(products) })),
    period: { ...period, products: productList(periodProducts) },
  };
}
