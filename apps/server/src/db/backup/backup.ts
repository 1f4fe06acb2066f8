import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type pg from 'pg';
import type { Database } from '../database.ts';
import { quote, readSequenceNames, readTables, setPortableTextFormat } from './catalog.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, backupWriter, type BackupHeader } from './format.ts';
import { readSchemaLevel } from './schema-level.ts';

/** Rows fetched per round trip. */
const FETCH_ROWS = 2000;

/** Every value as PostgreSQL's text form: no parsing on the way out, exact on the way back. */
const asText = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  schema: string;
}

/**
 * Writes the whole database to `file` (see format.ts) from one consistent snapshot: a
 * REPEATABLE READ, READ ONLY transaction, so a PostgreSQL server can keep working meanwhile.
 * The file appears only when complete (written beside it, then renamed); an existing file is
 * replaced only when `overwrite` says so. Both the partial file and the backup are created
 * 0600 (backupWriter): the rename keeps the new file's mode, never the replaced one's.
 */
export async function writeBackup(
  database: Database,
  file: string,
  options: { overwrite?: boolean } = {},
): Promise<BackupSummary> {
  if (!options.overwrite && existsSync(file)) {
    throw new BackupError(`${file} exists already: choose another file, or add --force to replace it.`);
  }
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  const client = await database.pool.connect();
  let writer: ReturnType<typeof backupWriter> | null = null;
  try {
    await setPortableTextFormat(client);
    await client.query('begin isolation level repeatable read read only');
    // The snapshot is taken by the first query; the schema level is read inside it.
    const level = await readSchemaLevel(client);
    if (!level)
      throw new BackupError('This database holds no truck queue schema: there is nothing to back up.');
    const tables = await readTables(client);
    // Sequences are not part of the snapshot; read after it, they are at or past every row's id.
    const sequences = [];
    for (const name of await readSequenceNames(client)) {
      const { rows } = await client.query<{ value: string; called: boolean }>({
        text: `select last_value::text as value, is_called as called from ${quote(name)}`,
      });
      sequences.push({ name, value: rows[0]!.value, isCalled: rows[0]!.called });
    }

    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      engine: database.engine,
      schema: level,
      tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
      sequences,
    };
    writer = backupWriter(partial);
    await writer.line(header);
    const counts: Record<string, number> = {};
    for (const table of tables) {
      await writer.line({ table: table.name });
      await client.query(
        `declare rows no scroll cursor for select ${table.columns.map(quote).join(', ')} ` +
          `from ${quote(table.name)} order by ${table.key.map(quote).join(', ')}`,
      );
      let count = 0;
      for (;;) {
        const batch = await client.query<(string | null)[]>({
          text: `fetch ${FETCH_ROWS} from rows`,
          rowMode: 'array',
          types: asText,
        });
        for (const row of batch.rows) await writer.line(row);
        count += batch.rows.length;
        if (batch.rows.length < FETCH_ROWS) break;
      }
      await client.query('close rows');
      counts[table.name] = count;
    }
    await writer.line({ end: true, rows: counts });
    await writer.close();
    writer = null;
    await client.query('commit');
    await rename(partial, file);
    return {
      file,
      tables: tables.length,
      rows: Object.values(counts).reduce((a, b) => a + b, 0),
      schema: level.last ?? `level ${level.migrations}`,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await writer?.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    client.release();
  }
}
