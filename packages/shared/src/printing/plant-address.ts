/**
 * Which addresses count as the plant's own network, where a network printer may be. The server
 * connects only there, so a printer setting (typed by an admin, or by whoever took an admin's
 * session) cannot make it probe or send bytes to hosts on the internet (docs/devices-and-printing.md,
 * "Network printers and their health").
 *
 * Local: private IPv4 (10/8, 172.16/12, 192.168/16), loopback (127/8, ::1), link-local
 * (169.254/16, fe80::/10), unique-local IPv6 (fc00::/7), and IPv4 mapped into IPv6 (::ffff:a.b.c.d)
 * by those rules; never the cloud metadata address 169.254.169.254. Shared by the server (after resolving a name) and the settings form.
 */

const IPV4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

/**
 * The four octets of a dotted IPv4 address in its plain form; null when it is not one. Other
 * spellings the system resolver also takes (`010.0.0.1` is octal 8.0.0.1, `2130706433` is
 * 127.0.0.1) are not plain, and so never local.
 */
function ipv4Octets(text: string): [number, number, number, number] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number) as [number, number, number, number];
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** Whether `text` is written as an address (digits and dots, or IPv6), not a host name. */
export function isIpLiteral(text: string): boolean {
  return /^[\d.]+$/.test(text) || text.includes(':');
}

function isLocalIpv4([a, b, c, d]: [number, number, number, number]): boolean {
  // The cloud's instance-metadata address is link-local too, and never a printer.
  if (a === 169 && b === 254 && c === 169 && d === 254) return false;
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/** Whether an IP address literal is on the plant's own network; false for anything else. */
export function isPlantAddress(ip: string): boolean {
  const v4 = ipv4Octets(ip);
  if (v4) return isLocalIpv4(v4);
  const v6 = ip.toLowerCase().split('%')[0]!;
  if (!/^[0-9a-f:.]+$/.test(v6) || !v6.includes(':')) return false;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(v6);
  if (mapped) {
    const octets = ipv4Octets(mapped[1]!);
    return octets !== null && isLocalIpv4(octets);
  }
  if (/^(0{0,4}:){2,7}0{0,3}1$/.test(v6)) return true;
  if (v6.startsWith(':')) return false;
  const first = Number.parseInt(v6.split(':')[0]!, 16);
  if (Number.isNaN(first) || first > 0xffff) return false;
  // fe80::/10 link-local, fc00::/7 unique-local.
  return (first & 0xffc0) === 0xfe80 || (first & 0xfe00) === 0xfc00;
}
