/** A queue id as the server issues it (a UUID); anything else cannot be a ticket. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function clean(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  return UUID.test(value) ? value.toLowerCase() : null;
}

/**
 * The ticket's uuid from the QR code's address, /Queue/data/<uuid>, else from `?id=<uuid>`
 * (queue.html opened directly). Null when neither holds a uuid.
 */
export function queueIdFrom(pathname: string, search: string): string | null {
  const match = /^\/Queue\/data\/([^/]+)\/?$/i.exec(pathname);
  return clean(match?.[1]) ?? clean(new URLSearchParams(search).get('id'));
}
