import type { LabService } from '../lab/lab.service.ts';
import type { ModuleHost } from '../module-host.ts';
import { registerGoodsReceiptRoutes } from './goods-receipts.routes.ts';
import { createGoodsReceiptsService, type GoodsReceiptsService } from './goods-receipts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ERP goods receipts (tests scan by hand; modules/goods-receipts). */
    goodsReceipts: GoodsReceiptsService;
  }
}

/** How often the receipts' scanner runs where background jobs run (`integrationJobs`), besides soon after a change. */
export const RECEIPT_SCAN_EVERY_MS = 15_000;
/** How soon after a truck's finish, weigh-out, exit or void the scanner runs (changes of a moment come together). */
const AFTER_CHANGE_MS = 1_000;
/** The changes that may make or alter a receipt: the others need not hurry a scan. */
const RECEIPT_ACTIONS = new Set(['finish', 'weigh_out', 'weigh_in', 'exit', 'void', 'lab_correct']);

/**
 * ERP goods receipts (issue 42, part 3): a receipt per finished weighed truck and its
 * corrections, made by a scanner over the tickets' audit rows; the office's list and export, an
 * integration key's reads, and the branch's ERP codes. The scanner runs where the alerts' jobs
 * run (main.ts: `integrationJobs`), every RECEIPT_SCAN_EVERY_MS and soon after a change that may make a
 * receipt; and before every read, so a read is never behind.
 */
export function registerGoodsReceiptsModule(host: ModuleHost, deps: { lab: Pick<LabService, 'resultsOf'> }) {
  const { app, register, config, db, clock, events, options } = host;
  const receipts = createGoodsReceiptsService({
    db,
    clock,
    lab: deps.lab,
    siteTimeZone: config.siteTimeZone,
  });
  registerGoodsReceiptRoutes(register, receipts);
  app.decorate('goodsReceipts', receipts);
  if (options.integrationJobs) {
    let timer: NodeJS.Timeout | null = null;
    let soon: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    const tick = () => {
      running = receipts
        .scan()
        .catch((error: unknown) => app.log.error({ err: error }, 'the goods receipts could not be scanned'))
        .finally(() => {
          running = null;
        });
    };
    const unsubscribe = events.subscribe('queueChanged', (change) => {
      if (!RECEIPT_ACTIONS.has(change.action) || soon) return;
      soon = setTimeout(() => {
        soon = null;
        tick();
      }, AFTER_CHANGE_MS);
      soon.unref();
    });
    app.addHook('onListen', () => {
      tick();
      timer = setInterval(tick, RECEIPT_SCAN_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      await running;
    });
  }
  return { receipts };
}
