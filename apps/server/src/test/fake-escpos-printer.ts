import net from 'node:net';
import { EscPosReceiver, type FakePrintJob, type FakeStatus, type ProtocolError } from './escpos-receiver.ts';

export { EscPosReceiver, FAKE_STATUSES } from './escpos-receiver.ts';
export type { FakePrintJob, FakeStatus, ProtocolError } from './escpos-receiver.ts';

/**
 * A fake Ethernet receipt printer on 127.0.0.1 (a raw TCP port, as port 9100 of a real one):
 * it parses what it receives (EscPosReceiver), answers status requests from its scripted
 * state and keeps the tickets it printed, for tests of the server's network printing.
 */
export interface FakePrinter {
  host: '127.0.0.1';
  port: number;
  /** The tickets it printed, in order. */
  jobs: FakePrintJob[];
  /** The most connections it had open at once (a real Ethernet print server takes one). */
  readonly peakConnections: number;
  /** Commands it did not understand (a test asserts there are none). */
  protocolErrors: ProtocolError[];
  setStatus(status: FakeStatus): void;
  /** Falls into `status` once the next ticket is printed (a roll that runs out at its end). */
  setStatusAfterJob(status: FakeStatus): void;
  /** Resolves once `n` tickets are printed in all (rejects after `timeoutMs`). */
  waitForJobs(n: number, timeoutMs?: number): Promise<FakePrintJob[]>;
  /** The next `n` connections are taken but never answered (a status answer lost on the way). */
  ignoreNextConnections(n: number): void;
  /** Closes the port and every connection, so connecting fails (a printer switched off). */
  refuseConnections(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakePrinter(opts: { status?: FakeStatus } = {}): Promise<FakePrinter> {
  const printer: { status: FakeStatus; statusAfterJob: FakeStatus | null } = {
    status: opts.status ?? 'ok',
    statusAfterJob: null,
  };
  const jobs: FakePrintJob[] = [];
  const protocolErrors: ProtocolError[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<net.Socket>();

  // One parser per connection (a command never spans two), one printer state for them all.
  let peakConnections = 0;
  let ignoring = 0;
  const onConnection = (socket: net.Socket) => {
    sockets.add(socket);
    peakConnections = Math.max(peakConnections, sockets.size);
    const deaf = ignoring > 0;
    if (deaf) ignoring -= 1;
    const receiver = new EscPosReceiver(printer.status);
    receiver.onJob = (job) => {
      jobs.push(job);
      for (const wake of [...waiters]) wake();
    };
    const sync = (run: () => void) => {
      receiver.status = printer.status;
      receiver.statusAfterJob = printer.statusAfterJob;
      const errorsBefore = receiver.protocolErrors.length;
      run();
      printer.status = receiver.status;
      printer.statusAfterJob = receiver.statusAfterJob;
      protocolErrors.push(...receiver.protocolErrors.slice(errorsBefore));
    };
    socket.on('data', (chunk: Buffer) => {
      if (deaf) return;
      sync(() => {
        const answers = receiver.receive(chunk);
        if (answers.length > 0 && socket.writable) socket.write(answers);
      });
    });
    // A client that hung up (its FIN came) no longer holds the printer, though its close is later.
    socket.on('end', () => sockets.delete(socket));
    socket.on('close', () => {
      sockets.delete(socket);
      sync(() => receiver.end());
    });
    // A client that resets the connection is normal for a printer; nothing to report.
    socket.on('error', () => {});
  };

  const server = net.createServer(onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });

  return {
    host: '127.0.0.1',
    port,
    jobs,
    get peakConnections() {
      return peakConnections;
    },
    protocolErrors,
    setStatus(status) {
      printer.status = status;
    },
    setStatusAfterJob(status) {
      printer.statusAfterJob = status;
    },
    ignoreNextConnections(n) {
      ignoring = n;
    },
    waitForJobs(n, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (jobs.length < n) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(jobs.slice(0, n));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the fake printer printed ${jobs.length} of ${n} tickets in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    refuseConnections: stop,
    close: stop,
  };
}
