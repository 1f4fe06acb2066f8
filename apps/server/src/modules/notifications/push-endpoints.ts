/**
 * Whether the server may send to a browser's push endpoint (PUSH_SERVICE_HOSTS): the server
 * POSTs to whatever address a driver's page gives, so only the push services named there are
 * taken, over https (RFC 8030; the sender speaks nothing else). An entry with a port
 * (`127.0.0.1:4100`, a test's stand-in) must match that port; one without takes 443 only.
 */
export function isAllowedPushEndpoint(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  for (const entry of allowed) {
    const [name = '', port] = entry.split(':');
    if (port !== undefined) {
      if (host === name && url.port === port) return true;
      continue;
    }
    if (url.port !== '' && url.port !== '443') continue;
    if (name.startsWith('*.') ? host.endsWith(name.slice(1)) && host.length > name.length - 1 : host === name)
      return true;
  }
  return false;
}
