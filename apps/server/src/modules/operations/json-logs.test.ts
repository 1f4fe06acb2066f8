import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { startServer } from '../../test/server-process.ts';

interface LogLine {
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

/** Every line the process wrote, stdout and stderr alike, parsed; fails on the first that is not JSON. */
function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      let record: LogLine;
      try {
        record = JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
      expect(record.level, line).toBeTypeOf('number');
      expect(record.time, line).toBeTypeOf('number');
      expect(record.msg, line).toBeTypeOf('string');
      return record;
    });
}

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-logs-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// The server's own embedded database, whatever the suite runs on: the PostgreSQL pass would run
// the same again (TEST_DATABASE_URL).
describe.skipIf(process.env.TEST_DATABASE_URL)('the server log', () => {
  // A first start creates the embedded database: tens of seconds on a busy machine.
  it(
    'is JSON lines from start to shutdown, one line per request with its route and no secret',
    { timeout: 120_000 },
    async () => {
      const server = startServer({ DATA_DIR: dataDir(), LOG_LEVEL: 'info' });
      const url = await server.ready();
      const apiKey = 'truck-queue-web';
      const password = prehashPassword('not-the-password');
      const token = 'Z'.repeat(32);
      const post = (call: string, body: string) =>
        fetch(`${url}/api/${call}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: apiKey, session: 'a-session-token' },
          body,
        });
      expect(
        (await post('authen/signin', JSON.stringify({ email: 'admin@example.com', password }))).status,
      ).toBe(401);
      expect((await post('authen/signin', '{not json')).status).toBe(400);
      expect(
        (await fetch(`${url}/api/report/download/${token}`, { headers: { authorization: apiKey } })).status,
      ).toBe(401);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      server.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const lines = logLines(server.output());
      const messages = lines.map((l) => l.msg);
      expect(messages).toContain(`Server listening at ${url}`);
      expect(messages).toContain(
        `Truck queue back office is running at ${url.replace('127.0.0.1', 'localhost')}`,
      );
      expect(messages.slice(-2)).toEqual(['closing the server and the database', 'closed']);

      const requests = lines.filter((l) => l.msg === 'request completed');
      expect(requests.map((r) => [r.method, r.route, r.status])).toEqual([
        ['POST', '/api/authen/signin', 401],
        ['POST', '/api/authen/signin', 400],
        ['GET', '/api/report/download/:token', 401],
        // /healthz is logged at debug level only.
      ]);
      for (const request of requests) {
        expect(request.reqId).toBeTypeOf('string');
        expect(request.durationMs).toBeTypeOf('number');
        expect(request.level).toBe(30);
      }
      const text = server.output();
      for (const secret of [apiKey, password, token, 'a-session-token', '"admin1234"']) {
        expect(text, secret).not.toContain(secret);
      }
    },
  );

  it('says why it cannot start in a JSON line too', { timeout: 60_000 }, async () => {
    const bad = startServer({ DATA_DIR: dataDir(), LOG_LEVEL: 'info', SESSION_IDLE_MINUTES: 'soon' });
    expect(await bad.exited).toBe(1);
    const [line, ...rest] = logLines(bad.output());
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ level: 60 });
    expect(line!.msg).toContain('SESSION_IDLE_MINUTES');
  });
});
