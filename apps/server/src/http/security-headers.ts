import type { FastifyInstance } from 'fastify';

/**
 * What a browser may load and run on our pages. Everything comes from this server: the built
 * bundles have no inline script (a Vite build writes none; e2e tests fail on any violation).
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  // antd's CSS-in-JS writes <style> elements at run time, and its components set inline
  // styles; a nonce would need a per-response page and antd's StyleProvider everywhere, for
  // little gain: with scripts locked down, injected CSS cannot run code.
  "style-src 'self' 'unsafe-inline'",
  // The kiosk's QR code is a data: image; a downloaded export is a blob: URL.
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // API calls and Socket.IO (ws:/wss: to the same host count as 'self').
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

export const CONTENT_SECURITY_POLICY = CSP_DIRECTIVES.join('; ');

/** Sent with every response: API answers, pages, static files, 404s and errors alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // Browsers ignore it over plain http (a plant's LAN address), and keep to https once they saw it.
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  // The driver's page address holds the ticket's uuid, and nothing here reads Referer: send none.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  // The counters' scan boxes read tickets with the camera on phones and tablets (this site only).
  'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
};

/**
 * Sets the headers first thing on every request, so any later step (an error, a 404, a static
 * file) keeps them, and a route that needs a different policy can still set its own.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
