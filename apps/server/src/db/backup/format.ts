import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';

/**
 * A backup is one gzip file of JSON lines:
 *
 *   {"format":"truck-queue-backup","version":1,"createdAt":..., "engine":..., "schema":{...},
 *    "tables":[{"name","columns"}...], "sequences":[{"name","value","isCalled"}...]}
 *   {"table":"branches"}
 *   ["1","Main branch","2026-11-20 03:00:00+00",null,...]      one line per row
 *   {"table":"officers"}
 *   ...
 *   {"end":true,"rows":{"branches":1,"officers":6,...}}
 *
 * Tables come in foreign-key order. A value is PostgreSQL's text form of it (read and written
 * under the same session settings, so it is exact on both engines) or null. The end line lets
 * a restore tell a whole file from a cut one.
 */
export const BACKUP_FORMAT = 'truck-queue-backup';
export const BACKUP_VERSION = 1;

const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'is not a table or column name');

export const HeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  engine: z.enum(['postgres', 'pglite']),
  schema: z.object({
    migrations: z.number().int().positive(),
    last: z.string().nullable(),
    lastMillis: z.number().int().positive(),
  }),
  tables: z.array(z.object({ name: identifier, columns: z.array(identifier).min(1) })),
  sequences: z.array(
    z.object({ name: identifier, value: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
});
export type BackupHeader = z.infer<typeof HeaderSchema>;

const SectionSchema = z.strictObject({ table: identifier });
const EndSchema = z.strictObject({
  end: z.literal(true),
  rows: z.record(z.string(), z.number().int().min(0)),
});
const RowSchema = z.array(z.string().nullable());

export class BackupFileError extends Error {}

/**
 * Writes JSON lines into a gzip file, waiting when the disk is slower than the database. The
 * file is new (never an existing one, nor a link's target) and its owner's alone from the
 * moment it exists: a backup holds password hashes, the VAPID private key, drivers' push
 * endpoints and LINE user ids.
 */
export function backupWriter(file: string) {
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  gzip.pipe(out);
  const finished = once(out, 'finish');
  let failure: Error | null = null;
  out.on('error', (error) => (failure = error));
  return {
    async line(value: unknown): Promise<void> {
      if (failure) throw failure;
      if (!gzip.write(JSON.stringify(value) + '\n')) await once(gzip, 'drain');
    },
    async close(): Promise<void> {
      gzip.end();
      await finished;
      if (failure) throw failure;
    },
  };
}

export type BackupEntry =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; table: string }
  | { kind: 'row'; values: (string | null)[] }
  | { kind: 'end'; rows: Record<string, number> };

/**
 * Reads a backup line by line, checking each against the format: a file that is not a backup,
 * is damaged or cut short, or comes from a newer format throws BackupFileError naming the line.
 */
export async function* readBackup(file: string): AsyncGenerator<BackupEntry> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  let streamError: Error | null = null;
  input.on('error', (error) => {
    streamError = error;
    gunzip.destroy(error);
  });
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  let number = 0;
  let header: BackupHeader | null = null;
  let ended = false;
  const fail = (why: string) => new BackupFileError(`${file}, line ${number}: ${why}`);
  try {
    for await (const line of lines) {
      number += 1;
      if (ended) throw fail('there is more after the end line');
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw fail('not JSON');
      }
      if (header === null) {
        const format = (value as { format?: unknown } | null)?.format;
        if (format !== BACKUP_FORMAT) throw new BackupFileError(`${file} is not a truck queue backup.`);
        const version = (value as { version?: unknown }).version;
        if (typeof version === 'number' && version > BACKUP_VERSION) {
          throw new BackupFileError(
            `${file} was written in backup format ${version}; this server reads format ${BACKUP_VERSION}. Update it first.`,
          );
        }
        const parsed = HeaderSchema.safeParse(value);
        if (!parsed.success) throw fail(`the header is not valid (${parsed.error.issues[0]?.message ?? ''})`);
        header = parsed.data;
        yield { kind: 'header', header };
      } else if (Array.isArray(value)) {
        const row = RowSchema.safeParse(value);
        if (!row.success) throw fail('a row holds something other than text and nulls');
        yield { kind: 'row', values: row.data };
      } else if (SectionSchema.safeParse(value).success) {
        yield { kind: 'table', table: (value as { table: string }).table };
      } else {
        const end = EndSchema.safeParse(value);
        if (!end.success) throw fail('neither a row, a table nor the end');
        ended = true;
        yield { kind: 'end', rows: end.data.rows };
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const reason = streamError ?? error;
    const code = (reason as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupFileError(`${file} does not exist.`);
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') {
      throw new BackupFileError(`${file} is not a gzip file, or is damaged (${(reason as Error).message}).`);
    }
    throw reason;
  } finally {
    lines.close();
    input.destroy();
  }
  if (header === null) throw new BackupFileError(`${file} is empty.`);
  if (!ended)
    throw new BackupFileError(`${file} is cut short: it has no end line (line ${number} is the last).`);
}
