import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Ack } from '@truck-queue/shared/contracts/socket-events';
import { can } from '@truck-queue/shared/roles';
import type { AuthContext } from '../lib/auth-context.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import type { ProxyTrust } from '../lib/client-address.ts';
import type { Clock } from '../lib/clock.ts';
import { createRateLimiter, RATE_LIMITS } from '../lib/rate-limit.ts';
import { sameSecret, tokenHash } from '../lib/tokens.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { CallingService } from '../modules/queue/calling.service.ts';
import type { CallingPush } from './calling-push.ts';
import type { ScaleWeights } from './scale-weights.ts';
import type { DeviceService } from '../modules/device-gateway/device-gateway.service.ts';
import { clientInfo } from './client-info.ts';
import { createSessionEventLimits, limitEvents } from './event-rate.ts';
import { failure, handshakeRefusal } from './failure.ts';
import { sessionRoom } from './rooms.ts';
import type { RealtimeServer, StaffSocket } from './server.ts';
import {
  PERMISSION_REFUSALS,
  STAFF_EVENTS,
  STAFF_HANDLERS,
  type AckDetails,
  type StaffEventContext,
  type StaffEventName,
  type StaffEventRule,
} from './staff-events.ts';

const HandshakeSchema = z.object({ session: z.string().min(1).max(200), apiKey: z.string().max(200) });

/** What the runner needs besides the socket. */
export interface StaffRunnerDeps {
  auth: Pick<AuthService, 'authenticate' | 'recordForbidden' | 'branches'>;
  calling: CallingService;
  /** The calling cards pushed to watching pages (calling-push.ts). */
  cardsPush: Pick<CallingPush, 'pushTo'>;
  scales: Pick<ScaleWeights, 'watch'>;
  devices: Pick<DeviceService, 'scaleOf'>;
  log: FastifyBaseLogger;
  /** The app's clock: the rate limits read it, and the database warnings of a failed event. */
  clock: Clock;
  trustProxy: ProxyTrust;
  /** The event handlers: STAFF_HANDLERS, or stand-ins in a test. */
  handlers?: typeof STAFF_HANDLERS;
}

/** Any row of the table: every event's first argument is a branch id. */
type AnyStaffRule = StaffEventRule<[number, ...unknown[]]>;

/** Refuses, as FORBIDDEN, an event its rule does not allow this session. */
function authorize(rule: AnyStaffRule, context: AuthContext, args: [number, ...unknown[]]) {
  if (rule.permission !== null && !can(context.roles, rule.permission))
    throw forbidden(PERMISSION_REFUSALS[rule.permission]);
  if (rule.scope === 'branch' && args[0] !== context.branchId)
    throw forbidden('This is not the branch you are working in.');
}

/**
 * Runs one staff event from the table: arguments checked, the session still alive, the rule's
 * permission and scope allowed, then its handler; always acknowledged. A refused event is
 * audited as a refused HTTP call is.
 */
export async function runStaffEvent(
  socket: StaffSocket,
  name: StaffEventName,
  raw: unknown[],
  deps: StaffRunnerDeps,
): Promise<void> {
  const { auth, log } = deps;
  const rule: AnyStaffRule = STAFF_EVENTS[name];
  const ack = typeof raw.at(-1) === 'function' ? (raw.pop() as (ack: Ack) => void) : () => undefined;
  const parsed = rule.args.safeParse(raw);
  if (!parsed.success) {
    ack({
      status: 0,
      code: 'VALIDATION_FAILED',
      message: `Bad arguments for ${name}: ${parsed.error.issues[0]?.message ?? ''}`,
    });
    return;
  }
  let details: AckDetails;
  try {
    const context = await auth.authenticate(socket.data.token);
    if (!context) {
      ack({ status: 0, code: 'UNAUTHENTICATED', message: 'The session has ended.' });
      socket.disconnect(true);
      return;
    }
    try {
      authorize(rule, context, parsed.data);
      // The rule and the handler are looked up by the same name, so the parsed arguments fit.
      const handler = (deps.handlers ?? STAFF_HANDLERS)[name] as (
        context: StaffEventContext,
        args: unknown,
      ) => Promise<void | AckDetails>;
      const { calling, cardsPush, scales, devices } = deps;
      details =
        (await handler(
          { auth: context, socket, calling, cardsPush, scales, devices, branches: auth },
          parsed.data,
        )) ?? {};
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN')
        await auth.recordForbidden(context, `socket:${name}`, clientInfo(socket, deps.trustProxy));
      throw error;
    }
    ack({ status: 1, ...details });
  } catch (error) {
    ack(failure(error, log, deps.clock));
  }
}

/**
 * The default namespace: staff screens. A socket authenticates with its session and the API
 * key in the handshake and joins its session's room; each event of STAFF_EVENTS then goes
 * through the rate limits (event-rate.ts: the socket's and its session's) and the runner.
 */
export function attachStaffNamespace(
  io: RealtimeServer,
  deps: StaffRunnerDeps & { apiKey: string; auth: AuthService },
): void {
  const { auth, log, clock } = deps;
  // Handshakes are bounded per client address, then per session, before the session is looked
  // up: a session (or a stranger) opening sockets in a loop costs the database nothing. The
  // session's bucket is keyed by its token's hash, held only in memory and never logged.
  const addressHandshakes = createRateLimiter(RATE_LIMITS.staffHandshakes, { clock });
  const sessionHandshakes = createRateLimiter(RATE_LIMITS.staffSessionHandshakes, { clock });
  const sessionEvents = createSessionEventLimits(
    (id) => io.in(sessionRoom(id)).disconnectSockets(true),
    clock,
  );
  io.use((socket, next) => {
    if (addressHandshakes.take(clientInfo(socket, deps.trustProxy).ip) > 0) {
      next(new Error('RATE_LIMITED'));
      return;
    }
    const handshake = HandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success || !sameSecret(handshake.data.apiKey, deps.apiKey)) {
      next(new Error('UNAUTHENTICATED'));
      return;
    }
    if (sessionHandshakes.take(tokenHash(handshake.data.session)) > 0) {
      next(new Error('RATE_LIMITED'));
      return;
    }
    auth
      .authenticate(handshake.data.session)
      .then(async (context) => {
        if (!context) return next(new Error('UNAUTHENTICATED'));
        socket.data = { token: handshake.data.session, auth: context };
        await socket.join(sessionRoom(context.sessionId));
        next();
      })
      .catch((error: unknown) => next(handshakeRefusal(error, log, clock)));
  });

  io.on('connection', (socket) => {
    limitEvents(
      socket,
      () =>
        log.warn(
          { officerId: socket.data.auth.officerId, ip: clientInfo(socket, deps.trustProxy).ip },
          'a staff socket (or its session) sent events far over its limit and was disconnected',
        ),
      clock,
      { id: socket.data.auth.sessionId, limits: sessionEvents },
    );
    for (const name of Object.keys(STAFF_EVENTS) as StaffEventName[])
      socket.on(name, (...raw: unknown[]) => void runStaffEvent(socket, name, raw, deps));
  });
}
