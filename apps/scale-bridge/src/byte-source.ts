/**
 * A connection to the indicator that keeps itself up: it reconnects on its own, forever, and
 * tells its owner when a new stream begins (`connected`: a new parser, as a frame cut by the
 * reconnect must not join the next one) and when it went away (`lost`, with why).
 */
export interface SourceHandlers {
  connected(): void;
  data(chunk: Buffer): void;
  lost(why: string): void;
}

export interface ByteSource {
  /** Stops reconnecting and closes the connection; resolves once the port or socket is closed. */
  close(): Promise<void>;
}

/** An error as a log line says it (an AggregateError of several addresses has only its code). */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return error.message || code || error.name;
}
