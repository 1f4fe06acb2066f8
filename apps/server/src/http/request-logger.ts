import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

type Parent = FastifyBaseLogger & { isLevelEnabled(level: Level): boolean };

/**
 * A request's logger (request.log, reply.log): the server's logger with the request id bound,
 * made only when the request writes a line at a level that is on.
 *
 * Fastify makes a pino child per request, and most requests never log: a quick success is at
 * debug (request-log.ts), which is off in production. Making the child was a tenth of a session
 * check's cost (docs/benchmarks.md, issue 19). Lines read the same either way: the child is made
 * with the same bindings the first time one is written.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: Parent;
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | null = null;

  constructor(parent: Parent, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    if (this.#child === null && !this.#parent.isLevelEnabled(level)) return;
    const child = this.#made();
    Reflect.apply(child[level], child, args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a route with its own level or serializers gets pino's child at once. */
export const requestLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger =>
  options.level || options.serializers || !('isLevelEnabled' in logger)
    ? logger.child(bindings, options)
    : new RequestLogger(logger as Parent, bindings);
