import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './request-logger.ts';

function memoryLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe("a request's logger", () => {
  it('writes the same line as a pino child, with the request id', async () => {
    const { logger, lines } = memoryLogger('info');
    const log = requestLoggerFactory(logger, { reqId: 'req-7' }, {});
    log.info({ route: '/api/authen/checkSession', status: 401 }, 'request completed');
    log.debug({ route: '/api/authen/checkSession', status: 200 }, 'request completed');
    log.error(new Error('boom'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, reqId: 'req-7', status: 401, msg: 'request completed' });
    expect(lines[1]).toMatchObject({ level: 50, reqId: 'req-7', msg: 'boom' });
  });

  it('writes debug lines when the server logs at debug', async () => {
    const { logger, lines } = memoryLogger('debug');
    requestLoggerFactory(logger, { reqId: 'req-8' }, {}).debug('quick success');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'req-8', msg: 'quick success' })]);
  });

  it("follows a route's own level and its children keep the request id", async () => {
    const { logger, lines } = memoryLogger('info');
    const log = requestLoggerFactory(logger, { reqId: 'req-9' }, { level: 'debug' });
    log.debug('route at debug');
    log.child({ part: 'export' }).info('child line');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({ level: 20, reqId: 'req-9', msg: 'route at debug' }),
      expect.objectContaining({ level: 30, reqId: 'req-9', part: 'export', msg: 'child line' }),
    ]);
  });
});
