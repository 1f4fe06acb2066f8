import fc from 'fast-check';

/**
 * fast-check arbitraries for request bodies the API must refuse cleanly: any JSON, the
 * contract's own field names with wrong values, small mutations of a valid body, and raw
 * payloads that are not JSON at all. Bodies are sent as text (see `jsonText`), so they can hold
 * what JSON.stringify cannot write: numbers past 2^53, 1e400, duplicate and `__proto__` keys.
 */

/** A piece of JSON text placed as it is, where a value would go. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A body as generated: JSON values, possibly with RawJson leaves. */
export type FuzzValue = unknown;

/** JSON text of a generated value; object keys are written as given, `__proto__` included. */
export function jsonText(value: FuzzValue): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  // JSON.stringify writes NaN and Infinity as null, and escapes lone surrogates as \udxxx.
  return JSON.stringify(value) ?? 'null';
}

const codePoints = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((c) => String.fromCodePoint(c));

/** One character of typed or hostile text: Thai, emoji, lone surrogates, controls, NUL, RTL marks. */
const fuzzChar = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: codePoints(0x0e01, 0x0e5b) }, // Thai
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: codePoints(0x1f300, 0x1faff) }, // emoji
  { weight: 1, arbitrary: codePoints(0xd800, 0xdfff) }, // a lone surrogate half
  { weight: 1, arbitrary: codePoints(0x00, 0x1f) }, // controls, NUL included
  { weight: 1, arbitrary: fc.constantFrom('\u200f', '\u202e', '\ufeff', '\ufffd', '\u0301', '\u00a0') },
);

/** Strings an attacker or a careless client sends: SQL, LIKE and regex metacharacters, paths, markup. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  '   ',
  '\u0000',
  'a\u0000b',
  '\t\n\r',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e309',
  '0x1F',
  '9007199254740993',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' OR '1'='1",
  "'; drop table queues; --",
  '%',
  '_',
  '\\',
  '%_\\%',
  '.*',
  '(a+)+$',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'A001',
  'a001',
  ' A001 ',
  'A-001',
  'กข 1234',
  'ก'.repeat(21),
  '2026-11-20',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-11-20T03:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '1,1000',
  '0',
  '1,1',
  'x@example.com',
  'ADMIN@EXAMPLE.COM',
  'a'.repeat(40),
  'f'.repeat(40),
  'F'.repeat(40),
  '\ud800',
  '\udfff\ud800',
  '🚚'.repeat(30),
);

export const fuzzString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: fuzzChar, maxLength: 30 }) },
  { weight: 3, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
  // Long: past every field's limit, well under the body limit.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: fuzzChar, minLength: 1, maxLength: 4 }), fc.integer({ min: 50, max: 60_000 }))
      .map(([s, n]) => s.repeat(Math.ceil(n / s.length))),
  },
);

/** Numbers and number-like text JSON may carry: JSON.parse reads 1e400 as Infinity and 2^53+1 as 2^53. */
const edgeNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    2,
    0.5,
    1.5,
    -1.5,
    0.1,
    0.05,
    99.99,
    100_000,
    100_000.1,
    2 ** 31 - 1,
    2 ** 31,
  ),
  fc.constantFrom(2 ** 32, 2 ** 53 - 1, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, 1e21, 1_000_001),
  fc.constantFrom(
    new RawJson('9007199254740993'),
    new RawJson('-9007199254740993'),
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('1.0'),
    new RawJson('-0.0'),
    new RawJson('1E2'),
    new RawJson('0.1e-400'),
  ),
  fc.integer(),
  fc.double(),
);

/** Any JSON value, with hostile strings at every level. */
export const anyJson = fc.jsonValue({ maxDepth: 4, stringUnit: fuzzChar });

/** One value of the wrong (or the barely right) kind for a field. */
export const edgeValue: fc.Arbitrary<FuzzValue> = fc.oneof(
  { weight: 4, arbitrary: fuzzString },
  { weight: 4, arbitrary: edgeNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[]], ['1'], [1, 2, 3]) },
  { weight: 1, arbitrary: fc.array(edgeNumber, { maxLength: 600 }) },
  { weight: 1, arbitrary: fc.array(fuzzString, { maxLength: 5 }) },
  { weight: 1, arbitrary: anyJson },
);

/** Keys that only mean trouble: prototype pollution and engine internals. */
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '');

/** Objects of arbitrary keys and values, `__proto__` among them. */
const objectBody = fc
  .array(fc.tuple(fc.oneof(hostileKey, fuzzString), edgeValue), { maxLength: 6 })
  .map((entries) => Object.fromEntries(entries.map(([k, v]) => [k, v])) as FuzzValue);

/** Arrays or objects nested thousands deep. */
const deepBody = fc
  .tuple(fc.integer({ min: 100, max: 5000 }), fc.boolean())
  .map(
    ([depth, arrays]) => new RawJson(arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : deepObject(depth)),
  );

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** (1) Any JSON at all, the body as a whole. */
export const anyBody: fc.Arbitrary<FuzzValue> = fc.oneof(
  { weight: 4, arbitrary: anyJson },
  { weight: 4, arbitrary: objectBody },
  { weight: 1, arbitrary: deepBody },
  { weight: 1, arbitrary: fuzzString },
);

/** (2) The contract's own field names, with wrong or edge values, some left out, sometimes one more. */
export function fieldsBody(fields: readonly string[]): fc.Arbitrary<FuzzValue> {
  const names = fields.length > 0 ? fields : ['id'];
  return fc
    .tuple(
      fc.subarray([...names]),
      fc.array(edgeValue, { minLength: names.length, maxLength: names.length }),
      fc.option(fc.tuple(fc.oneof(hostileKey, fuzzString), edgeValue), { freq: 4 }),
    )
    .map(([chosen, values, extra]) => {
      const body: Record<string, unknown> = {};
      chosen.forEach((name, i) => {
        body[name] = values[i];
      });
      if (extra) body[extra[0]] = extra[1];
      return body;
    });
}

/** (3) A change to a valid body, applied when the request is made (the valid body depends on the plant's state). */
export type Mutation =
  | { op: 'valid' }
  | { op: 'set'; field: string; value: FuzzValue }
  | { op: 'remove'; field: string }
  | { op: 'extra'; field: string; value: FuzzValue };

export function mutation(fields: readonly string[]): fc.Arbitrary<Mutation> {
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('id');
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ op: 'valid' as const }) },
    { weight: 6, arbitrary: fc.record({ op: fc.constant('set' as const), field, value: edgeValue }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), field }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('extra' as const),
        field: fc.oneof(hostileKey, fuzzString),
        value: edgeValue,
      }),
    },
  );
}

export function applyMutation(valid: Record<string, unknown>, change: Mutation): FuzzValue {
  const body: Record<string, unknown> = { ...valid };
  if (change.op === 'set' || change.op === 'extra') {
    // A plain assignment to __proto__ would set the prototype, not a key: define it.
    Object.defineProperty(body, change.field, { value: change.value, enumerable: true, writable: true });
  } else if (change.op === 'remove') {
    delete body[change.field];
  }
  return body;
}

/** Bytes that are not a JSON body, with the content type they come with (null: no such header). */
export interface RawPayload {
  contentType: string | null;
  payload: string | Buffer;
}

const BODY_LIMIT = 1024 * 1024;
/** Built once: a body past the server's 1 MiB limit, and one just under it. */
const oversized = `{"name":"${'x'.repeat(BODY_LIMIT + 16)}"}`;
const nearLimit = `{"name":"${'ก'.repeat(Math.floor((BODY_LIMIT - 64) / 3))}"}`;

const malformedJson = fc.constantFrom(
  '{',
  '}',
  '[',
  '{"a":}',
  '{"a":1,}',
  '[1,2',
  'nul',
  'tru',
  "{'a':1}",
  '{a:1}',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '{"a":"unterminated}',
  '"just a string',
  'NaN',
  'Infinity',
  'undefined',
  '0x10',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '{"id":1,"id":"x","id":null}',
  ' ',
  '\n\n',
  '\u0000',
  '{"a":"\u0000"}',
  '/* comment */ {}',
);

export const rawPayload: fc.Arbitrary<RawPayload> = fc.oneof(
  { weight: 4, arbitrary: malformedJson.map((payload) => ({ contentType: 'application/json', payload })) },
  {
    weight: 3,
    arbitrary: fc.record({
      contentType: fc.constantFrom(
        null,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/octet-stream',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/jsonx',
        'application/json, text/plain',
        'APPLICATION/JSON',
        ';;;',
        '',
        'application/vnd.api+json',
      ),
      payload: fc.constantFrom('{}', '{"id":1}', 'a=1&b=2', '<a/>', '--x--', ''),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
      contentType: 'application/json',
      payload: Buffer.from(bytes),
    })),
  },
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: '' }) },
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: oversized }) },
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: nearLimit }) },
);

/** A header value as it may arrive over HTTP: visible ASCII and Latin-1 bytes, empty, or very long. */
export const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
  fc.string({ unit: fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  fc.constantFrom('', ' ', 'null', 'undefined', 'Bearer x', 'x'.repeat(5000), '\t'),
);
