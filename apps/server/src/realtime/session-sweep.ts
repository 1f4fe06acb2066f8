/** How often this instance re-checks the sessions behind its staff sockets. */
export const SESSION_SWEEP_MS = 30_000;

interface SweptSocket {
  data: { auth?: { sessionId: number } };
  disconnect(close: boolean): unknown;
}

export interface SessionSweep {
  /** Disconnects the sockets whose session has ended; resolves with how many. */
  sweep(): Promise<number>;
  stop(): void;
}

/**
 * A staff socket that only listens sends nothing that would check its session, so its session
 * could expire, idle out, be revoked or lose its officer (deactivated on another instance, or
 * straight in the database) while it keeps hearing its branch. Every SESSION_SWEEP_MS this
 * instance asks the database, in one query for all its staff sockets, which of their sessions
 * are still live, and disconnects the others. Being connected does not count as use: idling out
 * is what ends a session on a screen nobody works at.
 */
export function startSessionSweep(deps: {
  /** This instance's connected staff sockets. */
  sockets: () => Iterable<SweptSocket>;
  liveSessionIds: (sessionIds: number[]) => Promise<Set<number>>;
  onError: (error: unknown) => void;
  everyMs?: number;
}): SessionSweep {
  let running: Promise<number> | null = null;

  async function sweepOnce(): Promise<number> {
    const bySession = new Map<number, SweptSocket[]>();
    for (const socket of deps.sockets()) {
      const id = socket.data.auth?.sessionId;
      if (id === undefined) continue;
      const list = bySession.get(id);
      if (list) list.push(socket);
      else bySession.set(id, [socket]);
    }
    if (bySession.size === 0) return 0;
    const live = await deps.liveSessionIds([...bySession.keys()]);
    let dropped = 0;
    for (const [id, sockets] of bySession) {
      if (live.has(id)) continue;
      for (const socket of sockets) socket.disconnect(true);
      dropped += sockets.length;
    }
    return dropped;
  }

  // One sweep at a time: a slow database must not pile sweeps up.
  const sweep = () => (running ??= sweepOnce().finally(() => (running = null)));
  const timer = setInterval(() => {
    // A database that does not answer disconnects nobody; the next sweep tries again.
    sweep().catch(deps.onError);
  }, deps.everyMs ?? SESSION_SWEEP_MS);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
