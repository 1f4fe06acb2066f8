import type { z } from 'zod';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { TAG_PATTERN, tagKey } from '@truck-queue/shared/identify/readers';
import {
  SUPPLIER_IMPORT_MAX_BYTES,
  SUPPLIER_IMPORT_MAX_ROWS,
  type ImportProblem,
  type listSuppliers,
  type SupplierChoice,
  type SupplierInputSchema,
} from '@truck-queue/shared/contracts/supplier.contract';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { readSheet, SheetTooLong, SheetUnreadable } from '../../lib/sheet-read.ts';
import type { Executor } from '../queue/queue.repository.ts';
import {
  codeKeyOf,
  readHeader,
  readRow,
  SHEET_COLUMNS,
  type SheetRowKeys,
  type SheetSupplier,
} from './supplier-sheet.ts';
import type { SuppliersRepository } from './suppliers.repository.ts';

type SupplierInput = z.output<typeof SupplierInputSchema>;
type ListFilter = z.output<(typeof listSuppliers)['body']>;

/** The header row is looked for among the file's first rows that are not blank. */
const HEADER_SEARCH_ROWS = 10;

/** The ticket desk's search answers at most this many. */
const DESK_CHOICES = 10;

/**
 * A branch's suppliers (issue 39): kept by hand or from a spreadsheet, found by the ticket desk.
 * Every write takes the branch's supplier lock, so a code and a plate are checked free and
 * written as one step whatever else is saved or imported at once.
 */
export function createSuppliersService(deps: { repo: SuppliersRepository; clock: Clock }) {
  const { repo, clock } = deps;

  /** The plates of a supplier about to be written, refused if another supplier of the branch has one. */
  async function checkPlates(tx: Executor, branchId: number, supplierId: number | null, plates: string[]) {
    const held = new Map((await repo.plates(tx, branchId)).map((p) => [p.plateKey, p]));
    for (const licence of plates) {
      const holder = held.get(plateSearchKey(licence));
      if (holder && holder.supplierId !== supplierId)
        throw conflict(
          `The plate ${licence} is a vehicle of supplier ${holder.code} ${holder.name}.`,
          'PLATE_TAKEN',
        );
    }
  }

  /**
   * The tags `vehicle_tags` gives the supplier's vehicles, by plate key: each names one of its
   * vehicles and no tag is named twice (VALIDATION_FAILED on `vehicle_tags.<plate>`).
   */
  function tagsOf(vehicles: [plateKey: string, licence: string][], named: Record<string, string>) {
    const plates = new Map(vehicles);
    const tags = new Map<string, string>();
    const onPlate = new Map<string, string>();
    for (const [plate, tag] of Object.entries(named)) {
      const plateKey = plateSearchKey(plate);
      const refuse = (message: string) =>
        new AppError('VALIDATION_FAILED', `The tag for ${plate} ${message}.`, [
          { path: `vehicle_tags.${plate}`, message },
        ]);
      if (!plates.has(plateKey)) throw refuse("names a plate not among the supplier's vehicles");
      const other = onPlate.get(tag);
      if (other !== undefined && other !== plateKey) throw refuse(`is also the tag of ${plates.get(other)}`);
      tags.set(plateKey, tag);
      onPlate.set(tag, plateKey);
    }
    return tags;
  }

  /** Tags about to be written, refused if a vehicle of another supplier of the branch carries one. */
  async function checkTags(
    tx: Executor,
    branchId: number,
    supplierId: number | null,
    tags: Iterable<string>,
  ) {
    const carried = new Map((await repo.tags(tx, branchId)).map((t) => [t.tag, t]));
    for (const tag of tags) {
      const holder = carried.get(tag);
      if (holder && holder.supplierId !== supplierId)
        throw conflict(
          `The tag ${tag} is carried by ${holder.licence}, a vehicle of supplier ${holder.code} ${holder.name}.`,
          'TAG_TAKEN',
        );
    }
  }

  return {
    async list(auth: AuthContext, filter: ListFilter) {
      return repo.page(auth.branchId, {
        find: filter.find,
        plateKey: filter.find ? plateSearchKey(filter.find) : '',
        tag: TAG_PATTERN.test(tagKey(filter.find)) ? tagKey(filter.find) : null,
        includeInactive: filter.include_inactive,
        kind: filter.kind,
        limit: filter.page_size,
        offset: (filter.page - 1) * filter.page_size,
      });
    },

    async save(auth: AuthContext, input: SupplierInput) {
      const branchId = auth.branchId;
      return repo.transaction(async (tx) => {
        await repo.lock(tx, branchId);
        const codes = await repo.codes(tx, branchId);
        const self = input.id === undefined ? null : codes.find((c) => c.id === input.id);
        if (input.id !== undefined && !self) throw notFound('The supplier');
        const codeKey = codeKeyOf(input.code);
        const sameCode = codes.find((c) => c.codeKey === codeKey && c.id !== input.id);
        if (sameCode)
          throw conflict(
            `Another supplier of the branch has the code ${sameCode.code}.`,
            'SUPPLIER_CODE_TAKEN',
          );
        if (input.leader_id !== null) {
          const leader = codes.find((c) => c.id === input.leader_id);
          if (!leader || leader.kind !== 'leader' || leader.id === input.id)
            throw new AppError(
              'VALIDATION_FAILED',
              'The group leader must be another supplier of kind leader.',
              [{ path: 'leader_id', message: 'is not a group leader of this branch' }],
            );
        }
        if (self && self.kind === 'leader' && input.kind !== 'leader') {
          const followers = await repo.followers(tx, self.id);
          if (followers > 0)
            throw new AppError('VALIDATION_FAILED', `${followers} suppliers deliver under this leader.`, [
              { path: 'kind', message: `is the group leader of ${followers} suppliers` },
            ]);
        }
        // One vehicle per plate however it was typed.
        const vehicles = [
          ...new Map(input.vehicles.map((licence) => [plateSearchKey(licence), licence])).entries(),
        ];
        await checkPlates(
          tx,
          branchId,
          input.id ?? null,
          vehicles.map(([, licence]) => licence),
        );
        // Left out: the plates kept keep their tags (setVehicles).
        const tags = input.vehicle_tags === undefined ? undefined : tagsOf(vehicles, input.vehicle_tags);
        if (tags) await checkTags(tx, branchId, input.id ?? null, tags.values());
        const values = {
          code: input.code,
          codeKey,
          name: input.name,
          kind: input.kind,
          phone: input.phone,
          taxId: input.tax_id,
          leaderId: input.leader_id,
          active: input.active,
          erpCode: input.erp_code,
        };
        const now = clock.now();
        const id = input.id ?? (await repo.insert(tx, branchId, values, now));
        if (input.id !== undefined) await repo.update(tx, id, values, now);
        await repo.setVehicles(
          tx,
          branchId,
          [id],
          vehicles.map(([plateKey, licence]) => ({
            supplierId: id,
            licence,
            plateKey,
            tag: tags === undefined ? undefined : (tags.get(plateKey) ?? null),
          })),
        );
        return (await repo.byId(tx, branchId, id))!;
      });
    },

    /**
     * A spreadsheet of suppliers, checked cell by cell and against the branch; written (all of
     * it, in one transaction) only when `apply` and nothing is wrong.
     */
    async importFile(auth: AuthContext, file: { fileName: string; content: Buffer; apply: boolean }) {
      const branchId = auth.branchId;
      if (file.content.length > SUPPLIER_IMPORT_MAX_BYTES)
        throw new AppError('VALIDATION_FAILED', 'The file is too large.', [
          { path: 'content_base64', message: `is larger than ${SUPPLIER_IMPORT_MAX_BYTES} bytes` },
        ]);
      let sheet: string[][];
      try {
        sheet = await readSheet(file.fileName, file.content, {
          maxRows: SUPPLIER_IMPORT_MAX_ROWS + 1,
          maxColumns: 40,
        });
      } catch (error) {
        if (error instanceof SheetTooLong)
          return answer(0, 0, 0, false, [
            {
              row: SUPPLIER_IMPORT_MAX_ROWS + 2,
              column: null,
              code: 'TOO_MANY_ROWS',
              value: '',
              message: `A file holds at most ${SUPPLIER_IMPORT_MAX_ROWS} suppliers.`,
            },
          ]);
        if (error instanceof SheetUnreadable)
          throw new AppError(
            'VALIDATION_FAILED',
            `The file could not be read as a spreadsheet: ${error.message}`,
            [{ path: 'content_base64', message: 'is not a readable .xlsx or .csv file' }],
          );
        throw error;
      }
      // Blank rows (a sheet's empty tail) are no suppliers.
      const numbered = sheet
        .map((cells, index) => ({ cells, row: index + 1 }))
        .filter(({ cells }) => cells.some((c) => c !== ''));
      // The header is the first row naming the code and the name (an export has a title above it).
      const headerAt = numbered
        .slice(0, HEADER_SEARCH_ROWS)
        .findIndex(({ cells }) => readHeader(cells).problems.length === 0);
      const header = numbered[Math.max(0, headerAt)];
      if (!header)
        return answer(0, 0, 0, false, [
          { row: 1, column: 'code', code: 'MISSING_COLUMN', value: '', message: 'The file is empty.' },
        ]);
      const body = numbered.slice(Math.max(0, headerAt) + 1);
      const { at, problems } = readHeader(header.cells);
      if (problems.length > 0) return answer(body.length, 0, 0, false, problems);
      const rows: SheetSupplier[] = [];
      // Every row's code and good plates, a row with a problem too: the checks across rows see them all.
      const keyed: SheetRowKeys[] = [];
      for (const { cells, row } of body) {
        const read = readRow(cells, row, at);
        problems.push(...read.problems);
        keyed.push(read.keys);
        if (read.supplier) rows.push(read.supplier);
      }

      const work = async (tx: Executor) => {
        if (file.apply) await repo.lock(tx, branchId);
        const known = await repo.codes(tx, branchId);
        const knownByKey = new Map(known.map((c) => [c.codeKey, c]));
        // The same code twice in the file.
        const firstRow = new Map<string, SheetRowKeys>();
        for (const r of keyed) {
          if (r.codeKey === null) continue;
          const first = firstRow.get(r.codeKey);
          if (first)
            problems.push({
              row: r.row,
              column: 'code',
              code: 'DUPLICATE_CODE',
              value: r.code,
              message: `The code ${r.code} is also on row ${first.row}.`,
            });
          else firstRow.set(r.codeKey, r);
        }
        const kindInFile = new Map(rows.map((r) => [r.codeKey, r.kind]));
        // A leader: a leader row of the file, or a leader of the branch the file leaves a leader.
        for (const r of rows) {
          if (r.leaderKey === null) continue;
          const leaderKind = firstRow.has(r.leaderKey)
            ? kindInFile.get(r.leaderKey)
            : knownByKey.get(r.leaderKey)?.kind;
          if (leaderKind !== 'leader')
            problems.push({
              row: r.row,
              column: 'leader_code',
              code: 'UNKNOWN_LEADER',
              value: r.leaderKey,
              message: `No group leader has the code ${r.leaderKey} (in the file or the branch).`,
            });
        }
        // Plates: one supplier each, the file's rows and the suppliers the file leaves as they are.
        const owner = new Map<string, { code: string; name: string; row: number | null }>();
        for (const p of await repo.plates(tx, branchId)) {
          const holder = known.find((c) => c.id === p.supplierId);
          if (holder && !firstRow.has(holder.codeKey))
            owner.set(p.plateKey, { code: p.code, name: p.name, row: null });
        }
        for (const r of keyed)
          for (const v of r.vehicles) {
            const holder = owner.get(v.plateKey);
            if (holder && (r.codeKey === null || codeKeyOf(holder.code) !== r.codeKey))
              problems.push({
                row: r.row,
                column: 'vehicles',
                code: 'PLATE_TAKEN',
                value: v.licence,
                message:
                  holder.row === null
                    ? `The plate ${v.licence} is a vehicle of supplier ${holder.code} ${holder.name}.`
                    : `The plate ${v.licence} is also on row ${holder.row} (${holder.code}).`,
              });
            else owner.set(v.plateKey, { code: r.code, name: '', row: r.row });
          }
        // Tags, when the file has their column: one vehicle each, in the file and among the
        // suppliers the file leaves as they are.
        if (at.tags !== undefined) {
          const knownById = new Map(known.map((c) => [c.id, c]));
          const carrier = new Map<
            string,
            { code: string; name: string; licence: string; row: number | null }
          >();
          for (const t of await repo.tags(tx, branchId)) {
            const holder = knownById.get(t.supplierId);
            if (holder && !firstRow.has(holder.codeKey))
              carrier.set(t.tag!, { code: t.code, name: t.name, licence: t.licence, row: null });
          }
          for (const r of keyed)
            for (const v of r.vehicles) {
              if (!v.tag) continue;
              const holder = carrier.get(v.tag);
              if (holder)
                problems.push({
                  row: r.row,
                  column: 'tags',
                  code: 'TAG_TAKEN',
                  value: v.tag,
                  message:
                    holder.row === null
                      ? `The tag ${v.tag} is carried by ${holder.licence}, a vehicle of supplier ${holder.code} ${holder.name}.`
                      : `The tag ${v.tag} is also on row ${holder.row} (${holder.code}).`,
                });
              else carrier.set(v.tag, { code: r.code, name: '', licence: v.licence, row: r.row });
            }
        }
        // A leader the file makes another kind while suppliers outside it deliver under it.
        for (const r of rows) {
          const was = knownByKey.get(r.codeKey);
          if (!was || was.kind !== 'leader' || r.kind === 'leader') continue;
          const outside = (await repo.followerKeys(tx, was.id)).filter((key) => !firstRow.has(key));
          if (outside.length > 0)
            problems.push({
              row: r.row,
              column: 'kind',
              code: 'INVALID',
              value: r.kind,
              message: `is the group leader of ${outside.length} suppliers not in the file`,
            });
        }
        const created = rows.filter((r) => !knownByKey.has(r.codeKey)).length;
        const updated = rows.length - created;
        if (!file.apply || problems.length > 0) return { created, updated, applied: false };

        const now = clock.now();
        const ids = await repo.upsertMany(
          tx,
          branchId,
          rows.map((r) => ({
            code: r.code,
            codeKey: r.codeKey,
            name: r.name,
            kind: r.kind,
            phone: r.phone,
            taxId: r.taxId,
            active: r.active,
          })),
          now,
        );
        const idOf = (key: string) => ids.get(key) ?? knownByKey.get(key)?.id ?? null;
        const byLeader = new Map<number | null, number[]>();
        for (const r of rows) {
          const leader = r.leaderKey === null ? null : idOf(r.leaderKey);
          const list = byLeader.get(leader) ?? [];
          list.push(ids.get(r.codeKey)!);
          byLeader.set(leader, list);
        }
        for (const [leader, members] of byLeader) await repo.setLeader(tx, members, leader);
        await repo.setVehicles(
          tx,
          branchId,
          [...ids.values()],
          rows.flatMap((r) => r.vehicles.map((v) => ({ supplierId: ids.get(r.codeKey)!, ...v }))),
        );
        return { created, updated, applied: true };
      };
      const outcome = await repo.transaction(work);
      return answer(body.length, outcome.created, outcome.updated, outcome.applied, problems);
    },

    /** The branch's suppliers as the import reads them, for the export. */
    async sheet(auth: AuthContext, includeInactive: boolean) {
      return repo.all(auth.branchId, includeInactive);
    },

    async findForDesk(
      auth: AuthContext,
      find: string,
      licence: string | undefined,
    ): Promise<SupplierChoice[]> {
      const plateKey = licence ? plateSearchKey(licence) : '';
      const rows = await repo.forDesk(auth.branchId, find, plateKey, DESK_CHOICES);
      return rows.map(({ ownsPlate, ...row }) => ({ ...row, owns_plate: ownsPlate }));
    },
  };
}

/**
 * An import's answer: the file's rows, the suppliers its good rows make and change (written only
 * when `applied`), its problems in file order.
 */
function answer(rows: number, created: number, updated: number, applied: boolean, problems: ImportProblem[]) {
  const order = (p: ImportProblem) => SHEET_COLUMNS.indexOf(p.column as (typeof SHEET_COLUMNS)[number]);
  return {
    status: 1 as const,
    rows,
    created,
    updated,
    applied,
    problems: problems.sort((a, b) => a.row - b.row || order(a) - order(b)),
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;
