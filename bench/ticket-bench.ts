import { performance } from 'node:perf_hooks';
import { PAPER_WIDTHS } from '@truck-queue/shared/printing/printer-status';
import { ticketJob } from '../apps/server/src/modules/printing/escpos-job.ts';
import { renderTicket, type TicketRasterInput } from '../apps/server/src/modules/printing/ticket-raster.ts';
import { SAMPLE_TICKET } from '../apps/server/src/modules/printing/sample-ticket.ts';
import { ms, percentile } from './support.ts';

const TICKET: TicketRasterInput = { ...SAMPLE_TICKET, issued_at: new Date() };

/**
 * What issuing a ticket adds before the printer is reached: drawing the raster and encoding the
 * job, per paper width (the first render, which loads the fonts, is timed on its own).
 */
export async function benchTicketRender(): Promise<string[]> {
  const rows: string[] = [];
  const first = performance.now();
  await renderTicket(TICKET, 80);
  rows.push(`ticket raster, first render (fonts loaded) | ${ms(performance.now() - first)}`);
  for (const paper of PAPER_WIDTHS) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      const job = ticketJob(
        await renderTicket({ ...TICKET, queue_number: `A${String(i).padStart(3, '0')}` }, paper),
      );
      times.push(performance.now() - t0);
      bytes = job.length;
    }
    rows.push(
      `ticket raster + ESC/POS job, ${paper} mm, 100 tickets | p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, ${(bytes / 1024).toFixed(0)} KiB a job`,
    );
  }
  return rows;
}
