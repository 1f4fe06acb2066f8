import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Ack, StaffClientToServer } from '@truck-queue/shared/contracts/socket-events';
import { PERMISSIONS, ROLE, type RoleId } from '@truck-queue/shared/roles';
import type { AuthContext } from '../lib/auth-context.ts';
import { trustNoProxy } from '../lib/client-address.ts';
import { systemClock } from '../lib/clock.ts';
import type { CallingService } from '../modules/queue/calling.service.ts';
import type { StaffSocket } from './server.ts';
import { STAFF_EVENTS, STAFF_HANDLERS, type StaffEventArgs, type StaffEventName } from './staff-events.ts';
import { runStaffEvent, type StaffRunnerDeps } from './staff-namespace.ts';

/** The staff event table and its runner, without a server: a fake socket, session and services. */

const BRANCH = 7;
const OTHER_BRANCH = 8;
const STATION = 3;
const QUEUE = 11;

/** Arguments each event would be sent with in the session's own branch. */
const VALID_ARGS: { [E in StaffEventName]: StaffEventArgs<E> } = {
  joinRoom: [BRANCH, 'System'],
  doCalling: [BRANCH, QUEUE, STATION],
  doCallNext: [BRANCH, 12],
  doRecheck: [BRANCH, QUEUE, STATION],
  doFinish: [BRANCH, QUEUE],
  doReject: [BRANCH, QUEUE],
  doNoShow: [BRANCH, QUEUE],
  doTransfer: [BRANCH, QUEUE, 12],
  doVoid: [BRANCH, QUEUE, { reason_id: 5 }],
  watchCards: [BRANCH, 1],
  watchScale: [BRANCH, '00000000-0000-4000-8000-000000000001'],
  watchBranches: [BRANCH, true],
};
const NAMES = Object.keys(STAFF_EVENTS) as StaffEventName[];

function setup(roles: RoleId | null, options: { stubHandlers?: boolean } = {}) {
  const context: AuthContext | null =
    roles === null ? null : { sessionId: 1, officerId: 2, officerUuid: 'officer', roles, branchId: BRANCH };
  const socket = {
    data: { token: 'session-token' },
    handshake: { address: '127.0.0.1', headers: {} },
    join: vi.fn(() => Promise.resolve()),
    emit: vi.fn(),
    disconnect: vi.fn(),
  };
  const auth = {
    authenticate: vi.fn(() => Promise.resolve(context)),
    recordForbidden: vi.fn(() => Promise.resolve()),
    branches: vi.fn(() => Promise.resolve([])),
  };
  const calling = {
    act: vi.fn(() => Promise.resolve()),
    callNext: vi.fn(() => Promise.resolve({ queueNumber: 'A007', stationName: 'ช่อง 2' })),
    noShow: vi.fn(() => Promise.resolve()),
    transfer: vi.fn(() => Promise.resolve()),
    void: vi.fn(() => Promise.resolve()),
  };
  const cardsPush = { pushTo: vi.fn(() => Promise.resolve()) };
  const scales = { watch: vi.fn(() => Promise.resolve()) };
  const devices = { scaleOf: vi.fn(() => Promise.resolve(null)) };
  const stubs = Object.fromEntries(NAMES.map((name) => [name, vi.fn(() => Promise.resolve())]));
  const deps: StaffRunnerDeps = {
    auth,
    calling: calling as unknown as CallingService,
    cardsPush,
    scales,
    devices,
    log: { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger,
    clock: systemClock,
    trustProxy: trustNoProxy,
    ...(options.stubHandlers ? { handlers: stubs as unknown as typeof STAFF_HANDLERS } : {}),
  };
  /** Sends one event as a client would, and resolves with its acknowledgement. */
  async function send(name: StaffEventName, ...args: unknown[]): Promise<Ack> {
    let answer: Ack | undefined;
    await runStaffEvent(socket as unknown as StaffSocket, name, [...args, (a: Ack) => (answer = a)], deps);
    if (!answer) throw new Error(`${name} was not acknowledged`);
    return answer;
  }
  return { send, socket, auth, calling, cardsPush, scales, devices, stubs, context };
}

describe('the staff event table', () => {
  it('has a rule and a handler for every event a staff client may send, and nothing else', () => {
    expectTypeOf<keyof typeof STAFF_EVENTS>().toEqualTypeOf<keyof StaffClientToServer>();
    expectTypeOf<keyof typeof STAFF_HANDLERS>().toEqualTypeOf<keyof StaffClientToServer>();
    // The schema's output is what the client sends, acknowledgement aside.
    expectTypeOf<StaffEventArgs<'doCalling'>>().toEqualTypeOf<
      [number, number, number, { reason_id: number; note?: string | undefined }?]
    >();
    expectTypeOf<StaffEventArgs<'joinRoom'>>().toEqualTypeOf<[number, 'System']>();
    expect(Object.keys(STAFF_HANDLERS).sort()).toEqual([...NAMES].sort());
    expect([...NAMES].sort()).toEqual([
      'doCallNext',
      'doCalling',
      'doFinish',
      'doNoShow',
      'doRecheck',
      'doReject',
      'doTransfer',
      'doVoid',
      'joinRoom',
      'watchBranches',
      'watchCards',
      'watchScale',
    ]);
    for (const name of NAMES) {
      const rule = STAFF_EVENTS[name];
      expect(rule.permission === null || PERMISSIONS.includes(rule.permission), name).toBe(true);
      expect(rule.scope, name).toBe('branch');
      expect(rule.args.safeParse(VALID_ARGS[name]).success, name).toBe(true);
    }
  });

  it('asks for calling on every queue action but void (admin), and nothing to join the branch room', () => {
    expect(Object.fromEntries(NAMES.map((name) => [name, STAFF_EVENTS[name].permission] as const))).toEqual({
      joinRoom: null,
      doCalling: 'calling',
      doCallNext: 'calling',
      doRecheck: 'calling',
      doFinish: 'calling',
      doReject: 'calling',
      doNoShow: 'calling',
      doTransfer: 'calling',
      doVoid: 'admin',
      watchCards: 'calling',
      watchScale: 'weighing',
      watchBranches: 'admin',
    });
  });

  it('takes a recheck or reject with or without its reason, and a void only with one', () => {
    const reason = { reason_id: 4, note: 'ตัวอย่างเปียก' };
    expect(STAFF_EVENTS.doRecheck.args.safeParse([BRANCH, QUEUE, STATION, reason]).success).toBe(true);
    expect(STAFF_EVENTS.doReject.args.safeParse([BRANCH, QUEUE, reason]).success).toBe(true);
    expect(STAFF_EVENTS.doVoid.args.safeParse([BRANCH, QUEUE]).success).toBe(false);
    expect(STAFF_EVENTS.doReject.args.safeParse([BRANCH, QUEUE, { reason_id: 0 }]).success).toBe(false);
    expect(
      STAFF_EVENTS.doReject.args.safeParse([BRANCH, QUEUE, { reason_id: 4, note: '=cmd' }]).success,
    ).toBe(false);
    expect(STAFF_EVENTS.doReject.args.safeParse([BRANCH, QUEUE, { reason_id: 4, extra: 1 }]).success).toBe(
      false,
    );
  });
});

describe('the runner', () => {
  const callingEvents = NAMES.filter((name) => STAFF_EVENTS[name].permission === 'calling');

  it.each([ROLE.labChecker, ROLE.security, ROLE.branchSwitcher])(
    'refuses role %s the calling events from the table, before any handler, and audits it',
    async (role) => {
      const { send, auth, stubs } = setup(role, { stubHandlers: true });
      for (const name of callingEvents) {
        expect(await send(name, ...VALID_ARGS[name])).toEqual({
          status: 0,
          code: 'FORBIDDEN',
          message: 'Your role may not call queues.',
        });
        expect(stubs[name]).not.toHaveBeenCalled();
        expect(auth.recordForbidden).toHaveBeenLastCalledWith(expect.anything(), `socket:${name}`, {
          ip: '127.0.0.1',
          userAgent: null,
        });
      }
      expect(auth.recordForbidden).toHaveBeenCalledTimes(callingEvents.length);
    },
  );

  it('refuses with the real handlers too: the calling service is never asked', async () => {
    const { send, calling } = setup(ROLE.labChecker);
    for (const name of callingEvents)
      expect(await send(name, ...VALID_ARGS[name])).toMatchObject({ code: 'FORBIDDEN' });
    expect(calling.act).not.toHaveBeenCalled();
  });

  it('leaves no role check in the handlers: called straight, they act for whoever they are given', async () => {
    const { socket, calling, cardsPush, scales, devices, context, auth } = setup(ROLE.labChecker);
    const deps = {
      auth: context!,
      socket: socket as unknown as StaffSocket,
      calling: calling as never,
      cardsPush,
      scales,
      devices,
      branches: auth,
    };
    await STAFF_HANDLERS.doCalling(deps, [BRANCH, QUEUE, STATION]);
    await STAFF_HANDLERS.doReject(deps, [BRANCH, QUEUE]);
    expect(calling.act.mock.calls).toEqual([
      [context, BRANCH, QUEUE, 'call', STATION, undefined, undefined],
      [context, BRANCH, QUEUE, 'reject', undefined, undefined],
    ]);
  });

  it('watches the cards for 1 or 3 days with a push at once, stops on null, and refuses other days', async () => {
    const { send, socket, cardsPush } = setup(ROLE.employee);
    const data = socket.data as { cardsDays?: number | null };
    expect(await send('watchCards', BRANCH, 3)).toEqual({ status: 1 });
    expect(data.cardsDays).toBe(3);
    expect(cardsPush.pushTo).toHaveBeenCalledTimes(1);
    expect(await send('watchCards', BRANCH, null)).toEqual({ status: 1 });
    expect(data.cardsDays).toBeNull();
    expect(cardsPush.pushTo).toHaveBeenCalledTimes(1);
    expect(await send('watchCards', BRANCH, 2)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await send('watchCards', OTHER_BRANCH, 1)).toMatchObject({ code: 'FORBIDDEN' });
    expect(data.cardsDays).toBeNull();
  });

  it("lets an employee act in the session's branch, and refuses another branch from the table", async () => {
    const { send, calling, auth, socket } = setup(ROLE.employee);
    expect(await send('doCalling', BRANCH, QUEUE, STATION)).toEqual({ status: 1 });
    expect(await send('doRecheck', BRANCH, QUEUE, STATION)).toEqual({ status: 1 });
    expect(await send('doFinish', BRANCH, QUEUE)).toEqual({ status: 1 });
    expect(await send('doReject', BRANCH, QUEUE)).toEqual({ status: 1 });
    expect(calling.act.mock.calls.map((call) => call.slice(1))).toEqual([
      [BRANCH, QUEUE, 'call', STATION, undefined, undefined],
      [BRANCH, QUEUE, 'recheck', STATION, undefined],
      [BRANCH, QUEUE, 'finish'],
      [BRANCH, QUEUE, 'reject', undefined, undefined],
    ]);
    // Call next says which truck went to which station.
    expect(await send('doCallNext', BRANCH, 12)).toEqual({
      status: 1,
      queue_number: 'A007',
      station_name: 'ช่อง 2',
    });
    expect(calling.callNext.mock.calls.map((call) => call.slice(1))).toEqual([[BRANCH, 12]]);
    calling.act.mockClear();
    const employees = NAMES.filter((name) => STAFF_EVENTS[name].permission !== 'admin');
    for (const name of employees) {
      const [, ...rest] = VALID_ARGS[name];
      expect(await send(name, OTHER_BRANCH, ...rest)).toEqual({
        status: 0,
        code: 'FORBIDDEN',
        message: 'This is not the branch you are working in.',
      });
    }
    expect(calling.act).not.toHaveBeenCalled();
    expect(socket.join).not.toHaveBeenCalled();
    expect(auth.recordForbidden).toHaveBeenCalledTimes(employees.length);
  });

  it('lets only an admin void, in their own branch', async () => {
    const employee = setup(ROLE.employee);
    expect(await employee.send('doVoid', ...VALID_ARGS.doVoid)).toEqual({
      status: 0,
      code: 'FORBIDDEN',
      message: 'Only an admin may do this.',
    });
    expect(employee.calling.void).not.toHaveBeenCalled();
    const admin = setup(ROLE.admin);
    expect(await admin.send('doVoid', ...VALID_ARGS.doVoid)).toEqual({ status: 1 });
    expect(admin.calling.void).toHaveBeenCalledWith(admin.context, BRANCH, QUEUE, {
      reasonId: 5,
      note: null,
    });
  });

  it('lets any officer join their own branch room', async () => {
    const { send, socket } = setup(ROLE.labChecker);
    expect(await send('joinRoom', BRANCH, 'System')).toEqual({ status: 1 });
    expect(socket.join).toHaveBeenCalledWith(`branch:${BRANCH}`);
    expect(socket.emit).toHaveBeenCalledWith('joinRoomCompleted', { branch_id: BRANCH });
  });

  it('checks the arguments before the session, and drops a socket whose session ended', async () => {
    const valid = setup(ROLE.employee);
    expect(await valid.send('doFinish', BRANCH, 'one')).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(valid.auth.authenticate).not.toHaveBeenCalled();
    const ended = setup(null);
    expect(await ended.send('doFinish', BRANCH, QUEUE)).toEqual({
      status: 0,
      code: 'UNAUTHENTICATED',
      message: 'The session has ended.',
    });
    expect(ended.socket.disconnect).toHaveBeenCalledWith(true);
    expect(ended.calling.act).not.toHaveBeenCalled();
  });
});
