// The embedded database's wire: PostgreSQL's protocol over a Unix socket, served by PGlite.
// Plain JavaScript: it runs inside the PGlite worker thread (see pglite-worker.mjs).
//
// What node-postgres sends for one statement (Parse, Bind, Describe, Execute, Sync) arrives in
// one write; it goes to PGlite in one call and its answers go back in one write. (pglite-socket's
// server, used before, ran each message through its own queue turn, PGlite call and socket
// write: five of each per statement, which at the harvest peak kept the one connection busy
// with handing messages over rather than with the statements.)
//
// PGlite is one PostgreSQL session shared by every connection. So, as pglite-socket did, a
// connection inside a transaction, or between the first message of a statement and its Sync, has
// the session to itself: the others' messages wait. A connection that goes away rolls back
// what it left open. When the session is free, an officer's connection goes before one of the
// background lane (the drivers' pages, notifications).
import net from 'node:net';

/** SSLRequest: 8 bytes, a length then a code, no type byte (as the startup message and a CancelRequest). */
const SSL_REQUEST = 80877103;
/** The startup message's protocol version (3.0). */
const PROTOCOL_3 = 196608;
/** A Sync ('S') or a simple Query ('Q') ends what a connection began (its answer ends with ReadyForQuery). */
const ENDS_STATEMENT = new Set([0x53, 0x51]);
/** Terminate ('X'). */
const TERMINATE = 0x58;
/** Parse ('P'): its first field is the statement's name, '' for the unnamed one. */
const PARSE = 0x50;
/** Sync, alone: ends whatever statement a connection that went away left half sent. */
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
/**
 * The `application_name` the server's background lane connects with (database.ts): its
 * connections' statements go after the officers'.
 */
export const BACKGROUND_APPLICATION = 'tq-background';
/** Officers' batches run ahead of a waiting background one at most this many times in a row. */
const BACKGROUND_PASSED_OVER = 8;

/** The startup message's parameters (after its length and protocol: name, value, …, then a 0). */
function startupParameters(message) {
  const fields = message.subarray(8).toString('utf8').split('\0');
  const parameters = new Map();
  for (let i = 0; i + 1 < fields.length && fields[i] !== ''; i += 2) parameters.set(fields[i], fields[i + 1]);
  return parameters;
}

/**
 * Serves `db` on the Unix socket at `path`. `start()` resolves once it listens; `stop()` closes
 * every connection (rolling back what each left open) and the listener.
 */
export function createSocketServer(db, { path, maxConnections = 16 }) {
  /** The connection that has the session (a transaction or a statement under way), if any. */
  let owner = null;
  /** Connections with messages waiting for the session, in arrival order. */
  const waiting = [];
  let working = false;
  const connections = new Set();

  /**
   * Moves the complete messages at the start of the connection's buffer to its `pending` batch
   * and notes whether the batch ends a statement. The startup message goes alone (PGlite tells
   * it by its first byte); a Terminate is not PGlite's business: the connection ends.
   */
  function split(connection) {
    const buffer = connection.buffer;
    let at = 0;
    while (buffer.length - at >= 5) {
      if (!connection.started) {
        // Startup, SSLRequest or CancelRequest: a length and a code, no type byte.
        if (buffer.length - at < 8) break;
        const length = buffer.readInt32BE(at);
        const code = buffer.readInt32BE(at + 4);
        if (length < 8 || buffer.length - at < length) break;
        const message = buffer.subarray(at, at + length);
        at += length;
        if (code === SSL_REQUEST) {
          connection.socket.write('N');
          continue;
        }
        if (code !== PROTOCOL_3) {
          // A CancelRequest (PGlite cannot cancel a statement) or an unknown protocol.
          connection.socket.end();
          break;
        }
        connection.started = true;
        connection.background = startupParameters(message).get('application_name') === BACKGROUND_APPLICATION;
        connection.pending.push(message);
        connection.ended = true;
        break;
      }
      const type = buffer[at];
      const length = 1 + buffer.readInt32BE(at + 1);
      if (length < 5 || buffer.length - at < length) break;
      const message = buffer.subarray(at, at + length);
      at += length;
      if (type === TERMINATE) {
        connection.socket.end();
        break;
      }
      if (type === PARSE) {
        // A named statement stays in the shared session: noted, to deallocate when the connection goes.
        const name = message.subarray(5, message.indexOf(0, 5)).toString();
        if (name) connection.statements.add(name);
      }
      connection.pending.push(message);
      connection.ended = ENDS_STATEMENT.has(type);
    }
    connection.buffer = buffer.subarray(at);
  }

  /** Takes in what the connection sent; queues it for the session when a message is complete. */
  function take(connection) {
    if (connection.closed) return;
    split(connection);
    if (connection.pending.length > 0 && !waiting.includes(connection)) waiting.push(connection);
  }

  /** Officers' batches run since a background batch started waiting. */
  let passedOver = 0;

  /**
   * Who has the free session next: the first officer's connection waiting, unless a background
   * one has waited through BACKGROUND_PASSED_OVER of theirs (so the drivers' pages slow down at
   * the peak but never stop).
   */
  function next() {
    const officer = waiting.findIndex((connection) => !connection.background);
    const background = waiting.findIndex((connection) => connection.background);
    if (background === -1) return 0;
    if (officer === -1 || passedOver >= BACKGROUND_PASSED_OVER) {
      passedOver = 0;
      return background;
    }
    passedOver++;
    return officer;
  }

  /** Runs waiting connections' messages, one connection's batch at a time. */
  async function work() {
    if (working) return;
    working = true;
    try {
      while (waiting.length > 0) {
        // The owner goes first; no one else while it holds the session.
        const index = owner ? waiting.indexOf(owner) : next();
        if (index === -1) break;
        const [connection] = waiting.splice(index, 1);
        if (connection.closed) continue;
        const messages = Buffer.concat(connection.pending);
        const ended = connection.ended;
        connection.pending = [];
        // The answers as PGlite hands them out, copied (its buffer is reused), then written at once.
        // (execProtocolRaw, which gathers them itself, grew the server's memory for good: about a
        // quarter in a short simulated day.)
        const answers = [];
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(messages, { onRawData: (data) => answers.push(Buffer.from(data)) }),
          );
        } catch (error) {
          // PGlite itself failed (not a statement's error, which is an answer): this connection
          // cannot go on.
          connection.socket.destroy(error);
          continue;
        }
        if (!connection.closed && answers.length > 0) {
          connection.socket.write(answers.length === 1 ? answers[0] : Buffer.concat(answers));
        }
        // Until its statement has ended (its Sync) and outside a transaction, the session stays its own.
        owner = !ended || db.isInTransaction() ? connection : null;
        // What came behind the startup message, if anything.
        take(connection);
      }
    } finally {
      working = false;
    }
  }

  function onData(connection, chunk) {
    connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
    take(connection);
    void work();
  }

  async function onClose(connection) {
    connection.closed = true;
    connections.delete(connection);
    const at = waiting.indexOf(connection);
    if (at !== -1) waiting.splice(at, 1);
    if (owner === connection) {
      // What it left open: its statement ended, its transaction rolled back; only then is the
      // session free for the others (it stays this connection's meanwhile).
      try {
        await db.runExclusive(() => db.execProtocolRawStream(SYNC, { onRawData: () => undefined }));
        // exec takes PGlite's lock itself.
        if (db.isInTransaction()) await db.exec('ROLLBACK');
      } catch {
        // Nothing left to end.
      }
      owner = null;
    }
    // Its prepared statements: no other connection uses its names (prepared-statements.ts).
    for (const name of connection.statements) {
      await db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(() => undefined);
    }
    void work();
  }

  const server = net.createServer((socket) => {
    if (connections.size >= maxConnections) {
      socket.end();
      return;
    }
    const connection = {
      socket,
      buffer: Buffer.alloc(0),
      pending: [],
      started: false,
      /** Of the background lane (its startup's application_name): waits for the officers'. */
      background: false,
      ended: true,
      closed: false,
      /** The named statements it prepared. */
      statements: new Set(),
    };
    connections.add(connection);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => onData(connection, chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => void onClose(connection));
  });

  return {
    start: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(path, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    waiting: () => waiting.length,
    async stop() {
      for (const connection of connections) connection.socket.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
