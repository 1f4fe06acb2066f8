/** Whether a database error is a unique violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code ? e : e?.cause;
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  syscall?: unknown;
  cause?: unknown;
}

/** The error and its causes: Drizzle wraps the driver's error in a DrizzleQueryError. */
function causes(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e = error; e !== null && typeof e === 'object' && chain.length < 5; e = (e as ErrorLike).cause)
    chain.push(e);
  return chain;
}

/** The SQLSTATE PostgreSQL gave, if the error (or its cause) came from the server. */
export function sqlState(error: unknown): string | undefined {
  for (const e of causes(error))
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && !e.code.startsWith('E')) return e.code;
  return undefined;
}

/**
 * What node-postgres and its pool say when no answer came or the connection broke, before any
 * SQL ran or while it ran: a refused or lost connection, the pool's wait for a connection
 * (connectionTimeoutMillis), a query that got no answer in time (query_timeout).
 */
const CONNECTION_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated', // "… unexpectedly", "… due to connection timeout"
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * Socket errors of a connection that could not be made or broke. ENOENT (the embedded
 * database's Unix socket is gone) counts only from a connect: a missing file is not the database.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The connection failed on the client's side: nothing is known about what the database did
 * with the statement, so the connection must not be used again.
 */
export function isConnectionFailure(error: unknown): boolean {
  return causes(error).some((e) => {
    if (typeof e.code === 'string') {
      if (SOCKET_CODES.has(e.code)) return true;
      if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
    }
    const message = e.message;
    return typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.startsWith(m));
  });
}

/**
 * PostgreSQL's answers that mean "not now" rather than "wrong": a statement cancelled by
 * statement_timeout (57014), a session ended by idle_in_transaction_session_timeout (25P03) or
 * idle_session_timeout (57P05), a server shutting down or restarting (57P01, 57P02, 57P03), too
 * many connections (53300), a lock not granted in time (55P03), a connection exception (class 08).
 */
const UNAVAILABLE_STATES = new Set(['57014', '25P03', '57P01', '57P02', '57P03', '57P05', '53300', '55P03']);

/** The database is unreachable, stalled or going away: the call may succeed in a few seconds. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state !== undefined && (UNAVAILABLE_STATES.has(state) || state.startsWith('08'))) return true;
  return isConnectionFailure(error);
}

/**
 * What went wrong, for the log: the driver's or PostgreSQL's own message (the innermost cause),
 * never Drizzle's wrapper, whose message holds the statement's parameters.
 */
export function failureReason(error: unknown): string {
  const innermost = causes(error).at(-1);
  return typeof innermost?.message === 'string' ? innermost.message : String(error);
}
