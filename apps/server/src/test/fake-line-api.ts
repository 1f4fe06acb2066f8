import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stub of the LINE Messaging API on 127.0.0.1, for tests of the LINE channel (issue 21): it
 * records the push and reply calls it accepts (after checking the bearer token), serves the
 * bot's info, and can be told to refuse the next calls as LINE does (429 for the monthly limit,
 * 400 for a user it cannot reach, 500). A retry key it already accepted gets LINE's 409.
 */

export interface FakeLineCall {
  /** The user id (push) or the reply token (reply). */
  to: string;
  /** The text of each text message. */
  texts: string[];
  /** X-Line-Retry-Key, if sent. */
  retryKey: string | null;
}

/** What the next push or reply answers instead of 200. */
export type FakeLineFailure =
  'monthly-limit' | 'rate-limit' | 'unknown-user' | 'invalid-reply-token' | 'server-error' | 'hang';

export interface FakeLineApi {
  /** `http://127.0.0.1:<port>`: LINE_API_BASE. */
  url: string;
  token: string;
  basicId: string;
  pushes: FakeLineCall[];
  replies: FakeLineCall[];
  /** Every request as `METHOD /path`, in order, including refused ones. */
  requests: string[];
  /** Bot info calls (the chat link's basic id is asked once). */
  readonly botInfoCalls: number;
  /** The next `times` push calls (those with a text containing `containing`, if given) fail so. */
  failPushes(failure: FakeLineFailure, times?: number, containing?: string): void;
  /** The next `times` reply calls fail so. */
  failReplies(failure: FakeLineFailure, times?: number): void;
  /** Resolves once `n` pushes were accepted in all (rejects after `timeoutMs`). */
  waitForPushes(n: number, timeoutMs?: number): Promise<FakeLineCall[]>;
  /** The same for replies. */
  waitForReplies(n: number, timeoutMs?: number): Promise<FakeLineCall[]>;
  close(): Promise<void>;
}

const FAILURES: Record<Exclude<FakeLineFailure, 'hang'>, { status: number; body: object }> = {
  'monthly-limit': { status: 429, body: { message: 'You have reached your monthly limit.' } },
  'rate-limit': { status: 429, body: { message: 'Too Many Requests' } },
  'unknown-user': { status: 400, body: { message: 'Failed to send messages' } },
  'invalid-reply-token': { status: 400, body: { message: 'Invalid reply token' } },
  'server-error': { status: 500, body: { message: 'Internal Server Error' } },
};

export async function startFakeLineApi(
  opts: { token?: string; basicId?: string } = {},
): Promise<FakeLineApi> {
  const token = opts.token ?? 'fake-line-channel-access-token-0123456789';
  const basicId = opts.basicId ?? '@123abcde';
  const pushes: FakeLineCall[] = [];
  const replies: FakeLineCall[] = [];
  const requests: string[] = [];
  const acceptedKeys = new Set<string>();
  type Planned = { failure: FakeLineFailure; containing: string | undefined };
  const planned = { push: [] as Planned[], reply: [] as Planned[] };
  const waiters = new Set<() => void>();
  const hanging = new Set<http.ServerResponse>();
  let botInfoCalls = 0;

  const answer = (
    res: http.ServerResponse,
    status: number,
    body: object,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push(`${req.method} ${path}`);
      if (req.headers.authorization !== `Bearer ${token}`) {
        answer(res, 401, {
          message:
            'Authentication failed. Confirm that the access token in the authorization header is valid.',
        });
        return;
      }
      if (req.method === 'GET' && path === '/v2/bot/info') {
        botInfoCalls += 1;
        answer(res, 200, {
          userId: 'U0123456789abcdef0123456789abcdef',
          basicId,
          displayName: 'โรงงานทดสอบ',
          chatMode: 'bot',
          markAsReadMode: 'auto',
        });
        return;
      }
      const kind =
        req.method === 'POST' && path === '/v2/bot/message/push'
          ? 'push'
          : req.method === 'POST' && path === '/v2/bot/message/reply'
            ? 'reply'
            : null;
      if (!kind) {
        answer(res, 404, { message: 'Not found' });
        return;
      }
      let body: { to?: unknown; replyToken?: unknown; messages?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        answer(res, 400, { message: 'The request body could not be parsed as JSON' });
        return;
      }
      const messages = Array.isArray(body.messages)
        ? (body.messages as { type?: unknown; text?: unknown }[])
        : [];
      const texts = messages.filter((m) => m.type === 'text').map((m) => String(m.text));
      const at = planned[kind].findIndex(
        (p) => p.containing === undefined || texts.some((text) => text.includes(p.containing!)),
      );
      const failure = at < 0 ? undefined : planned[kind].splice(at, 1)[0]!.failure;
      if (failure === 'hang') {
        hanging.add(res);
        return;
      }
      if (failure) {
        const { status, body: refusal } = FAILURES[failure];
        answer(res, status, refusal);
        return;
      }
      const retryKey =
        typeof req.headers['x-line-retry-key'] === 'string' ? req.headers['x-line-retry-key'] : null;
      if (retryKey && acceptedKeys.has(retryKey)) {
        answer(
          res,
          409,
          { message: 'The retry key is already accepted' },
          { 'x-line-accepted-request-id': retryKey },
        );
        return;
      }
      const to = String(kind === 'push' ? body.to : body.replyToken);
      if (retryKey) acceptedKeys.add(retryKey);
      (kind === 'push' ? pushes : replies).push({ to, texts, retryKey });
      answer(res, 200, { sentMessages: messages.map((_, i) => ({ id: String(1000 + i), quoteToken: 'q' })) });
      for (const wake of [...waiters]) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const plan = (kind: 'push' | 'reply', failure: FakeLineFailure, times: number, containing?: string) => {
    for (let i = 0; i < times; i += 1) planned[kind].push({ failure, containing });
  };

  const waitFor = (calls: FakeLineCall[], what: string, n: number, timeoutMs = 5_000) =>
    new Promise<FakeLineCall[]>((resolve, reject) => {
      const check = () => {
        if (calls.length < n) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(calls.slice(0, n));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`the LINE stub got ${calls.length} ${what}, not ${n}, within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    basicId,
    pushes,
    replies,
    requests,
    get botInfoCalls() {
      return botInfoCalls;
    },
    failPushes: (failure, times = 1, containing) => plan('push', failure, times, containing),
    failReplies: (failure, times = 1) => plan('reply', failure, times),
    waitForPushes: (n, timeoutMs) => waitFor(pushes, 'pushes', n, timeoutMs),
    waitForReplies: (n, timeoutMs) => waitFor(replies, 'replies', n, timeoutMs),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
