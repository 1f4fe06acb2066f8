import net from 'node:net';
import fc from 'fast-check';

/**
 * Requests written byte by byte on a socket, for what app.inject cannot send: control bytes and
 * non-ASCII in header names and values, contradictory framing (Content-Length and chunked
 * together, two lengths, a length shorter than the body), unknown methods and HTTP versions.
 * Every message is complete and asks to close the connection, so the server never waits for more.
 */

/** Bytes as a latin1 string (one char per byte). */
const bytes = (min: number, max: number, maxLength: number) =>
  fc.string({ unit: fc.integer({ min, max }).map((c) => String.fromCharCode(c)), maxLength });

const headerName = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('authorization', 'session', 'device-id', 'device-secret', 'x-junk'),
  },
  { weight: 1, arbitrary: bytes(0x21, 0x7e, 12).filter((s) => s.length > 0 && !s.includes(':')) },
  { weight: 1, arbitrary: bytes(0x00, 0xff, 12).filter((s) => !/[\r\n:]/.test(s)) },
);
const headerValue = fc.oneof(
  bytes(0x20, 0x7e, 60),
  bytes(0x00, 0xff, 30).filter((s) => !/[\r\n]/.test(s)),
);

export interface RawRequest {
  method: string;
  target: string;
  version: string;
  headers: [string, string][];
  framing:
    'length' | 'short-length' | 'chunked' | 'bad-chunk' | 'length-and-chunked' | 'two-lengths' | 'none';
  body: string;
  withKey: boolean;
}

const base: RawRequest = {
  method: 'POST',
  target: '/api/authen/checkSession',
  version: 'HTTP/1.1',
  headers: [],
  framing: 'length',
  body: '{}',
  withKey: true,
};

/** A sound request to a real route with one thing wrong, so each defect is tried on its own. */
export const rawRequest: fc.Arbitrary<RawRequest> = fc.oneof(
  fc
    .constantFrom('GET', 'post', 'PUT', 'TRACE', 'CONNECT', 'BREW', 'P\u00d6ST', '')
    .map((method) => ({ ...base, method })),
  fc
    .constantFrom(
      '/api/process/printer/issueQueue',
      '/api/report/download/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/api/authen/checkSession?x=%00',
      '/api/%zz',
      '/api/\u00e0',
      '/api/a b',
      '*',
      'http://elsewhere/api/authen/checkSession',
      '//api/authen/checkSession',
      '',
    )
    .map((target) => ({ ...base, target })),
  fc
    .constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'http/1.1', 'HTTP/1', '')
    .map((version) => ({ ...base, version })),
  fc
    .array(fc.tuple(headerName, headerValue), { minLength: 1, maxLength: 4 })
    .map((headers) => ({ ...base, headers })),
  fc
    .constantFrom<RawRequest['framing']>(
      'short-length',
      'chunked',
      'bad-chunk',
      'length-and-chunked',
      'two-lengths',
      'none',
    )
    .map((framing) => ({ ...base, framing })),
  fc.oneof(fc.constant('{"id":1}'), bytes(0x00, 0xff, 40)).map((body) => ({ ...base, body })),
  fc.constant({ ...base, withKey: false }),
  fc.constant(base),
);

/** The request's bytes; `apiKey` and `session` make some of them get past the guards. */
export function requestBytes(request: RawRequest, apiKey: string, session: string): Buffer {
  const lines = [`${request.method} ${request.target} ${request.version}`, 'host: 127.0.0.1'];
  if (request.withKey) lines.push(`authorization: ${apiKey}`, `session: ${session}`);
  lines.push('content-type: application/json');
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  const body = Buffer.from(request.body, 'latin1');
  let payload = body;
  switch (request.framing) {
    case 'length':
      lines.push(`content-length: ${body.length}`);
      break;
    case 'short-length':
      // The rest of the body reads as a second, malformed request.
      lines.push(`content-length: ${Math.max(0, body.length - 2)}`);
      break;
    case 'chunked':
      lines.push('transfer-encoding: chunked');
      payload = Buffer.concat([
        Buffer.from(`${body.length.toString(16)}\r\n`),
        body,
        Buffer.from('\r\n0\r\n\r\n'),
      ]);
      break;
    case 'bad-chunk':
      lines.push('transfer-encoding: chunked');
      payload = Buffer.concat([Buffer.from('zz\r\n'), body, Buffer.from('\r\n0\r\n\r\n')]);
      break;
    case 'length-and-chunked':
      lines.push(`content-length: ${body.length}`, 'transfer-encoding: chunked');
      break;
    case 'two-lengths':
      lines.push(`content-length: ${body.length}`, `content-length: ${body.length + 1}`);
      break;
    case 'none':
      payload = Buffer.alloc(0);
      break;
  }
  lines.push('connection: close');
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/**
 * Writes the bytes and collects what comes back until the server closes the connection (every
 * request says `connection: close`; a malformed one is answered and closed by Node's parser):
 * the status of every response in it. The socket is not half-closed first: Node aborts a request
 * whose client ends its side before the answer.
 */
export function sendRaw(
  port: number,
  message: Buffer,
  timeoutMs = 3000,
): Promise<{ statuses: number[]; text: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, timeoutMs);
    socket.on('connect', () => socket.write(message));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer: what came back is judged below
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
      resolve({ statuses, text, timedOut });
    });
  });
}
