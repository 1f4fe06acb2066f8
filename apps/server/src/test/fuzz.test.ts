import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiContract } from '@truck-queue/shared/contracts/api';
import { applyMutation, jsonText } from './fuzz-bodies.ts';
import { changedTables, digester, RefusalWatch, type Digest } from './fuzz-digest.ts';
import { createFuzzPlant, type FuzzPlant } from './fuzz-plant.ts';
import { rawRequest, requestBytes, sendRaw } from './fuzz-raw-http.ts';
import {
  answerKey,
  answerProblem,
  bodyMayPass,
  getHeaders,
  getPlan,
  type GetPlan,
  headersFor,
  headersRefuse,
  planFor,
  strayPlan,
  type Plan,
  VALID_PLAN,
  nulPlans,
} from './fuzz-requests.ts';
import { apiContracts, registeredApiRoutes } from './fuzz-routes.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { startFakeLineApi, type FakeLineApi } from './fake-line-api.ts';
import { LINE_WEBHOOK_PATH } from '../modules/notifications/line.routes.ts';
import { LONG_RUN, longOrShort } from './long-run.ts';
import { listen } from './sockets.ts';

/**
 * Fuzzing (issue 7, item 3): fast-check bodies and headers for every route of the API. Whatever
 * arrives, the server answers: never a 5xx, every refusal is `{status: 0, code}` with a known
 * code, an accepted answer matches its contract, a refused call changes nothing in the database
 * (every table but the security audit is digested before and after), and the server still
 * serves afterwards. A failure prints fast-check's seed and the shrunk request.
 */

/**
 * Requests per POST route; with the GET routes, stray paths and raw HTTP, over 10,000 in all
 * under `npm run test:long` (CI runs it), and about a third of that under `npm test`
 * (long-run.ts): every route's valid body and a score of mutations, in a tenth of the time.
 */
const SHORT_RUNS = 20;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? longOrShort(150, SHORT_RUNS));
const MIN_REQUESTS = Number(process.env.FUZZ_MIN_REQUESTS ?? longOrShort(10_000, 2_500));
/** The other properties' runs, in the same proportion. */
const runs = (long: number) => (LONG_RUN ? long : Math.ceil((long * SHORT_RUNS) / 150));
/** The rate limits' clock moves this much between routes (see the routes' test). */
const ROUTE_GAP_MS = 15_000;
/** FUZZ_SEED=<n> replays a run. */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestContext;
let lineApi: FakeLineApi | undefined;
let fuzz: FuzzPlant;
let digest: () => Promise<Digest>;
let watch: RefusalWatch;
let requests = 0;
const started = performance.now();
/**
 * The server's last error log lines (an INTERNAL answer's cause): a failure prints them, since a
 * state that breaks a route may come from any earlier route's random calls and is not replayed
 * by the route's seed alone.
 */
const serverErrors: string[] = [];
const errorLog = new Writable({
  write(chunk: Buffer, _encoding, done) {
    try {
      const line = JSON.parse(String(chunk)) as { err?: { stack?: string }; msg?: string };
      const { stack, ...fields } = line.err ?? {};
      serverErrors.push(line.err ? `${stack}\n${JSON.stringify(fields).slice(0, 2000)}` : (line.msg ?? ''));
    } catch {
      serverErrors.push(String(chunk));
    }
    serverErrors.splice(0, serverErrors.length - 3);
    done();
  },
});
/** Answers per route: the status when accepted, the code when refused. */
const answers = new Map<string, Map<string, number>>();

function count(route: string, key: string) {
  const byKey = answers.get(route) ?? new Map<string, number>();
  byKey.set(key, (byKey.get(key) ?? 0) + 1);
  answers.set(route, byKey);
}

const isAccepted = (response: LightMyRequestResponse) =>
  response.statusCode >= 200 && response.statusCode < 300;

/** Valid bodies asked for, per route: its first one is the body's first form (fuzz-plant.ts). */
const validAsked = new Map<string, number>();

/** The body a call carried, as the server read it; null for one that is no JSON. */
function sentBody(payload: string | Buffer): unknown {
  try {
    return JSON.parse(Buffer.isBuffer(payload) ? payload.toString('utf8').replace(/^\uFEFF/, '') : payload);
  } catch {
    return null;
  }
}

async function fuzzCall(contract: ApiContract, plan: Plan): Promise<void> {
  requests += 1;
  let payload: string | Buffer;
  let contentType: string | null = 'application/json';
  let text: string | null = null;
  if (plan.body.kind === 'raw') {
    ({ payload, contentType } = plan.body.raw);
  } else {
    let value: unknown;
    if (plan.body.kind === 'mutate') {
      const n = validAsked.get(contract.path) ?? 0;
      validAsked.set(contract.path, n + 1);
      value = applyMutation(await fuzz.validBodies[contract.path]!(n), plan.body.change);
    } else {
      value = plan.body.value;
    }
    text = jsonText(value);
    payload = text;
  }
  const headers = headersFor(contract, plan.headers, fuzz, t.config.apiKey, requests % 2 === 0);
  if (contentType !== null) headers['content-type'] = contentType;
  const mayBeAccepted = !headersRefuse(contract, plan.headers, fuzz) && bodyMayPass(contract, text);
  // The refused calls so far are checked before a call that might change the database.
  if (mayBeAccepted) await watch.check();

  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${contract.path}`,
    headers,
    payload,
    remoteAddress: plan.ip,
  });
  count(contract.path, answerKey(response));
  const described = `POST ${contract.path} [${plan.headers.kind}] ${String(payload).slice(0, 200)}`;
  if (isAccepted(response)) {
    if (!mayBeAccepted) watch.problems.push(`accepted with headers that must be refused: ${described}`);
    // What the server took: a raw payload it accepted is JSON too (a charset it reads, a BOM).
    await fuzz.afterAccepted(contract.path, sentBody(text ?? payload));
    // What the accepted call set going in the background (the drivers' notifier, the wait shown
    // at an issue) ends first.
    await t.app.notifier.settle();
    await t.app.etaReadings.settle();
    await watch.rebaseline();
  } else {
    await watch.refused(`${response.statusCode} ${described}`);
  }
  const problem = answerProblem(response, 'POST', contract);
  if (problem) {
    const cause = response.statusCode >= 500 ? `\nthe server logged:\n${serverErrors.join('\n')}` : '';
    throw new Error(`${described}\n${problem}${cause}`);
  }
}

/** After each test: no refused call changed a table, and the server still answers a normal call. */
async function stillServes(): Promise<void> {
  await watch.check();
  expect(watch.problems.splice(0)).toEqual([]);
  const check = await t.post('authen/checkSession', {}, { session: fuzz.sessions.admin });
  expect(check.statusCode, check.body).toBe(200);
  const health = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode, health.body).toBe(200);
}

// Calls that reassign or cancel officers, stations and types go last, so the queue calls before
// them run in the plant as it was built.
const ORDER = [
  'process/',
  'device/',
  'flowEngine/',
  'report/',
  'authen/',
  'officer/',
  'product/',
  'station/',
];
const rank = (path: string) => {
  const i = ORDER.findIndex((prefix) => path.startsWith(prefix));
  return i === -1 ? ORDER.length : i;
};
const contracts = apiContracts().sort((a, b) => rank(a.path) - rank(b.path));

beforeAll(async () => {
  // The plant's LINE account, a stand-in: an officer's LINE link for alerts is accepted only with one.
  lineApi = await startFakeLineApi({ basicId: '@fuzzplant' });
  t = await createTestContext(
    {
      logLevel: 'error',
      pushServiceHosts: ['127.0.0.1:9'],
      webhookPrivateHosts: ['127.0.0.1:9'],
      line: {
        channelSecret: 'f'.repeat(32),
        channelAccessToken: lineApi.token,
        apiBase: lineApi.url,
        basicId: null,
      },
    },
    { logger: true, logStream: errorLog },
  );
  fuzz = await createFuzzPlant(t);
  digest = await digester(t.db);
  watch = new RefusalWatch(digest);
  await watch.rebaseline();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await lineApi?.close();
});

describe('fuzzing every route of the API', () => {
  it('fuzzes exactly the routes the app registers, each with a valid body to mutate', () => {
    // LINE's webhook is LINE's (signed with the channel secret, line.test.ts), not a contract.
    const posts = registeredApiRoutes(t.app).filter(
      (r) => r.startsWith('POST ') && r !== `POST ${LINE_WEBHOOK_PATH}`,
    );
    expect(posts).toEqual(contracts.map((c) => `POST /api/${c.path}`).sort());
    expect(Object.keys(fuzz.validBodies).sort()).toEqual(contracts.map((c) => c.path).sort());
    // The GET routes under /api are read from the app below, the report download among them.
    expect(registeredApiRoutes(t.app)).toContain('GET /api/report/download/:token');
  });

  it('notices a change in any table: the check that a refused call changed nothing', async () => {
    const before = await digest();
    await t.createBranch('Digest check');
    expect(changedTables(before, await digest())).toEqual(['branches', 'queue_reasons']);
    await watch.rebaseline();
  });

  for (const contract of contracts) {
    it(`POST /api/${contract.path}`, { timeout: 120_000 }, async () => {
      // A quarter of a minute between routes for the rate limits: what the routes before spent
      // (an officer's prints, re-announces) has refilled by the time this route's valid body is
      // sent. Only the limits' clock moves: a dated change (a session's last use) would show
      // as a refused call changing a table.
      t.clock.elapse(ROUTE_GAP_MS);
      await fc.assert(
        fc.asyncProperty(planFor(contract), (plan) => fuzzCall(contract, plan)),
        {
          numRuns: RUNS_PER_ROUTE,
          seed,
          examples: [[VALID_PLAN], ...nulPlans(contract).map((p) => [p] as [Plan])],
        },
      );
      await stillServes();
    });
  }

  it(
    'GET and HEAD routes under /api: random tokens, paths, queries and credentials',
    { timeout: 120_000 },
    async () => {
      const routes = registeredApiRoutes(t.app).filter((r) => !r.startsWith('POST '));
      const patterns = [...new Set(routes.map((r) => r.split(' ')[1]!))];
      await fc.assert(
        fc.asyncProperty(getPlan(patterns, fuzz.exportToken), async (plan) => {
          requests += 1;
          const url = `${plan.pattern.replace(/:[A-Za-z]+|\*/g, plan.part)}${plan.query}`;
          const described = `${plan.method} ${url.slice(0, 120)} [${plan.caller}]`;
          // Reads, but checked like any call: the refused calls before it, the database after it.
          await watch.check();
          const response = await t.app.inject({
            method: plan.method,
            url,
            headers: getHeaders(plan.caller, t.config.apiKey, fuzz),
          });
          count(`GET ${plan.pattern}`, answerKey(response));
          if (isAccepted(response)) {
            const ownExport = plan.part === fuzz.exportToken && plan.caller === 'owner';
            if (plan.pattern.startsWith('/api/report/download/') && !ownExport)
              watch.problems.push(`downloaded: ${described}`);
            await watch.rebaseline();
          } else {
            await watch.refused(`${response.statusCode} ${described}`);
          }
          const problem = answerProblem(response, plan.method, null);
          if (problem) throw new Error(`${described}\n${problem}`);
        }),
        // Every route once as its owner asks it first: the random runs after it (40 in the short
        // run) need not draw each of the routes.
        {
          numRuns: runs(300),
          seed,
          examples: patterns.map((pattern): [GetPlan] => [
            { method: 'GET', pattern, part: fuzz.exportToken, query: '', caller: 'owner' },
          ]),
        },
      );
      for (const pattern of patterns) expect(answers.has(`GET ${pattern}`), pattern).toBe(true);
      await stillServes();
    },
  );

  it('unknown paths and other methods under /api answer a JSON 404', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(strayPlan(contracts.map((c) => `/api/${c.path}`)), async ({ path, method, body }) => {
        requests += 1;
        const response = await t.app.inject({
          method,
          url: path,
          headers: {
            authorization: t.config.apiKey,
            session: fuzz.sessions.admin,
            'content-type': 'application/json',
          },
          ...(body !== undefined && method !== 'GET' && method !== 'HEAD' ? { payload: jsonText(body) } : {}),
        });
        count('unknown /api', answerKey(response));
        if (isAccepted(response)) watch.problems.push(`${method} ${path} answered ${response.statusCode}`);
        await watch.refused(`${response.statusCode} ${method} ${path}`);
        const problem = answerProblem(response, method, null);
        if (problem) throw new Error(`${method} ${path}\n${problem}`);
      }),
      { numRuns: runs(250), seed },
    );
    await stillServes();
  });

  it(
    'raw HTTP on a socket: broken framing, control bytes in headers, odd methods and versions',
    { timeout: 120_000 },
    async () => {
      const { port } = new URL(await listen(t));
      await fc.assert(
        fc.asyncProperty(rawRequest, async (request) => {
          requests += 1;
          await watch.check();
          const message = requestBytes(request, t.config.apiKey, fuzz.sessions.admin);
          const { statuses, text, timedOut } = await sendRaw(Number(port), message);
          count('raw HTTP', `${statuses.join('+') || 'no answer'}${timedOut ? ' (timed out)' : ''}`);
          const described = `raw ${JSON.stringify(message.toString('latin1').slice(0, 300))}`;
          // Malformed HTTP is answered by Node's parser (Fastify's clientError JSON), not the API: only no 5xx is asked.
          if (statuses.some((status) => status >= 200 && status < 300)) await watch.rebaseline();
          else await watch.refused(described);
          if (statuses.some((status) => status >= 500))
            throw new Error(`${described}\n${text.slice(0, 500)}`);
        }),
        { numRuns: runs(150), seed },
      );
      await stillServes();
    },
  );

  it(`sent at least ${MIN_REQUESTS} requests, most past the guards, some accepted by every route`, () => {
    if (process.env.FUZZ_REPORT) {
      const lines = [...answers].map(
        ([route, byKey]) => `${route} ${JSON.stringify(Object.fromEntries(byKey))}`,
      );
      console.log(
        `${requests} requests in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
          `${watch.verified} refused calls digested before and after (${watch.digests} digests)\n${lines.join('\n')}`,
      );
    }
    expect(requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
    const guarded = new Set(['BAD_API_KEY', 'UNAUTHENTICATED', 'FORBIDDEN', 'DEVICE_NOT_REGISTERED']);
    let posted = 0;
    let pastGuards = 0;
    for (const contract of contracts) {
      const byKey = answers.get(contract.path)!;
      // A valid body gets past the guards, the schema and the handler's checks at least once.
      expect(
        [...byKey.keys()].some((k) => k.startsWith('2')),
        `${contract.path}: ${JSON.stringify([...byKey])}`,
      ).toBe(true);
      for (const [key, n] of byKey) {
        posted += n;
        if (!guarded.has(key)) pastGuards += n;
      }
    }
    // Most bodies reach the parser, the schema and the handlers, not only the credential checks.
    expect(pastGuards / posted).toBeGreaterThan(0.6);
  });
});
