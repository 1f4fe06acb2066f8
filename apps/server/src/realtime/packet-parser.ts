import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import { DEVICE_NAMESPACE, PUBLIC_NAMESPACE } from '@truck-queue/shared/contracts/socket-events';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../lib/json-depth.ts';
import { RATE_LIMITS, TokenBucket, type BucketClock } from '../lib/rate-limit.ts';

/**
 * The largest Socket.IO packet the server reads, in characters, checked on the packet's raw
 * text before it is parsed (Engine.IO refuses anything over `maxHttpBufferSize`, 16 KiB, before
 * this). What each namespace's clients really send is far smaller:
 *  - a CONNECT packet carries the handshake's `auth` (a session token and the API key; a
 *    device's kind, id and secret; a ticket's uuid): a few hundred characters;
 *  - `/device` events are a display's sound, an announcement report, a kiosk's printer health or
 *    a scale's weight (its raw frame at most 200 characters): under 1,000;
 *  - `/public` clients send no events at all;
 *  - staff events carry ids and a reason's note: well under a kilobyte, but the staff namespace
 *    is reached only with a session, so it keeps the engine's 16 KiB.
 * A packet to a namespace not listed (nothing is served there) is not read at all: its name
 * could hold a quote that would hide the payload's brackets from the depth check.
 */
export const PACKET_LIMITS = {
  depth: MAX_JSON_DEPTH,
  connect: 2048,
  namespaces: new Map<string, number>([
    ['/', 16 * 1024],
    [DEVICE_NAMESPACE, 4096],
    [PUBLIC_NAMESPACE, 512],
  ]),
} as const;

/** The namespace a packet's raw text names (`2/device,["weight",…]`), '/' when it names none. */
function namespaceOf(text: string): string {
  if (text.charAt(1) !== '/') return '/';
  const comma = text.indexOf(',', 1);
  return comma === -1 ? text.slice(1) : text.slice(1, comma);
}

/** A packet's type: its first character, a digit (anything else is refused by the decoder). */
const typeOf = (text: string) => (text.charCodeAt(0) - 0x30) as PacketType;

/**
 * An event to the staff namespace: it reaches a staff socket, which has its own buckets (per
 * socket and per session, realtime/event-rate.ts) and is cut after about 350 events at once, or,
 * from a client that has not joined it, closes the connection at once. (Acknowledgements do not
 * pass those buckets: they count here.)
 */
function staffEvent(packet: unknown): boolean {
  return typeof packet === 'string' && typeOf(packet) === PacketType.EVENT && namespaceOf(packet) === '/';
}

/** Why the server will not read this packet, or null to read it. */
export function packetRefusal(packet: unknown): string | null {
  // No client of this server sends binary: attachments would bypass the checks below.
  if (typeof packet !== 'string') return 'a binary packet';
  const type = typeOf(packet);
  if (type === PacketType.BINARY_EVENT || type === PacketType.BINARY_ACK) return 'a binary packet';
  const served = PACKET_LIMITS.namespaces.get(namespaceOf(packet));
  if (served === undefined) return 'a packet to a namespace this server does not serve';
  const limit = type === PacketType.CONNECT ? PACKET_LIMITS.connect : served;
  if (packet.length > limit) return `a packet of ${packet.length} characters (at most ${limit} here)`;
  if (jsonTooDeep(packet, PACKET_LIMITS.depth))
    return `a packet nested more than ${PACKET_LIMITS.depth} deep`;
  return null;
}

/**
 * The `parser` option of the Socket.IO server: the standard encoder, and Socket.IO's decoder
 * behind two checks of each packet before JSON.parse runs. First the connection's packet bucket
 * (`RATE_LIMITS.socketPackets`, on the app's `clock`): every packet of the client counts, to any
 * namespace, joined or not, handshakes included, so the namespaces that have no event limit of
 * their own (`/public`, an unregistered `/device`) are bounded too; only staff events are left
 * to the staff namespace's buckets (`staffEvent`); then the raw text's size for its namespace and
 * its depth (lib/json-depth.ts). A packet refused throws, and Socket.IO answers a decoder's
 * error by closing the whole connection (every namespace of that client): the client is cut
 * before any handshake middleware or event handler sees the packet.
 */
export function boundedParser(clock: BucketClock) {
  class BoundedDecoder extends Decoder {
    /** One per connection: Socket.IO makes a decoder for each client. */
    private readonly packets = new TokenBucket(RATE_LIMITS.socketPackets, clock);

    override add(packet: unknown): void {
      if (!staffEvent(packet) && this.packets.take() > 0) throw new Error('refused: too many packets');
      const refusal = packetRefusal(packet);
      if (refusal) throw new Error(`refused ${refusal}`);
      super.add(packet);
    }
  }
  return { Encoder, Decoder: BoundedDecoder };
}
