import type { z } from 'zod';
import { text } from '@truck-queue/shared/contracts/api';
import { TagSchema } from '@truck-queue/shared/contracts/identification.contract';
import { TruckLicenseSchema } from '@truck-queue/shared/contracts/queue.contract';
import {
  PhoneSchema,
  SUPPLIER_KINDS,
  SUPPLIER_VEHICLES_MAX,
  SupplierCodeSchema,
  ThaiTaxIdSchema,
  type ImportProblem,
  type SupplierKind,
} from '@truck-queue/shared/contracts/supplier.contract';
import { plateSearchKey } from '@truck-queue/shared/licence';

/**
 * The suppliers' spreadsheet (docs/suppliers.md): its columns, as the export writes them and the
 * import reads them, and one row read into a supplier, every cell checked by the API's own rules.
 */

export const SHEET_COLUMNS = [
  'code',
  'name',
  'kind',
  'phone',
  'tax_id',
  'leader_code',
  'vehicles',
  'tags',
  'active',
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/** Each column's header as the export writes it (Thai), and every header the import takes for it. */
export const COLUMN_HEADERS: Record<SheetColumn, { written: string; read: string[] }> = {
  code: { written: 'รหัส', read: ['รหัส', 'รหัสผู้ส่ง', 'เลขโควตา', 'โควตา', 'code', 'quota'] },
  name: { written: 'ชื่อ', read: ['ชื่อ', 'ชื่อผู้ส่ง', 'ชื่อ-สกุล', 'name'] },
  kind: { written: 'ประเภท', read: ['ประเภท', 'kind', 'type'] },
  phone: { written: 'โทรศัพท์', read: ['โทรศัพท์', 'เบอร์โทร', 'เบอร์โทรศัพท์', 'phone', 'tel'] },
  tax_id: {
    written: 'เลขผู้เสียภาษี',
    read: ['เลขผู้เสียภาษี', 'เลขประจำตัวผู้เสียภาษี', 'เลขบัตรประชาชน', 'tax_id', 'tax id'],
  },
  leader_code: {
    written: 'รหัสหัวหน้ากลุ่ม',
    read: ['รหัสหัวหน้ากลุ่ม', 'หัวหน้ากลุ่ม', 'leader_code', 'leader code', 'leader'],
  },
  vehicles: { written: 'ทะเบียนรถ', read: ['ทะเบียนรถ', 'ทะเบียน', 'vehicles', 'plates'] },
  tags: { written: 'แท็ก RFID', read: ['แท็ก rfid', 'แท็ก', 'rfid', 'rfid tags', 'tags', 'tag'] },
  active: { written: 'ใช้งาน', read: ['ใช้งาน', 'สถานะ', 'active'] },
};

/** A kind as the sheet writes it (Thai), and the words the import takes for it. */
export const KIND_WORDS: Record<SupplierKind, { written: string; read: string[] }> = {
  grower: { written: 'ชาวไร่', read: ['ชาวไร่', 'เกษตรกร', 'grower', 'farmer'] },
  leader: { written: 'หัวหน้ากลุ่ม', read: ['หัวหน้ากลุ่ม', 'หัวหน้าโควตา', 'leader'] },
  middleman: { written: 'พ่อค้าคนกลาง', read: ['พ่อค้าคนกลาง', 'ลาน', 'ลานมัน', 'middleman', 'trader'] },
  company: { written: 'บริษัท', read: ['บริษัท', 'นิติบุคคล', 'company'] },
};

const YES = ['ใช่', 'ใช้งาน', 'yes', 'y', 'true', '1'];
const NO = ['ไม่', 'ไม่ใช่', 'ไม่ใช้งาน', 'เลิกใช้', 'no', 'n', 'false', '0'];

const norm = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');

/** Several plates in one cell: separated by commas, semicolons or line breaks. */
export const splitPlates = (cell: string) =>
  cell
    .split(/[,;\n]/)
    .map((plate) => plate.trim())
    .filter(Boolean);

/**
 * A vehicle as a row gives it. `tag` undefined: the file has no tags column, and the vehicle
 * keeps the tag it carries; null: it carries none.
 */
export interface SheetVehicle {
  licence: string;
  plateKey: string;
  tag?: string | null | undefined;
}

/** One supplier as a row of the file says it, every cell read. */
export interface SheetSupplier {
  /** Its row in the file (1 is the header). */
  row: number;
  code: string;
  codeKey: string;
  name: string;
  kind: SupplierKind;
  phone: string | null;
  taxId: string | null;
  /** Its leader's code compared without case; null for none. */
  leaderKey: string | null;
  vehicles: SheetVehicle[];
  active: boolean;
}

export const codeKeyOf = (code: string) => code.trim().toLowerCase();

/** Which column of the file holds each of ours, from its header row; the problems of a header that lacks one. */
export function readHeader(header: string[]): {
  at: Partial<Record<SheetColumn, number>>;
  problems: ImportProblem[];
} {
  const at: Partial<Record<SheetColumn, number>> = {};
  header.forEach((cell, index) => {
    const word = norm(cell);
    for (const column of SHEET_COLUMNS)
      if (at[column] === undefined && COLUMN_HEADERS[column].read.includes(word)) at[column] = index;
  });
  const problems = (['code', 'name'] as const)
    .filter((column) => at[column] === undefined)
    .map((column): ImportProblem => ({
      row: 1,
      column,
      code: 'MISSING_COLUMN',
      value: '',
      message: `The header has no column "${COLUMN_HEADERS[column].written}" (${column}).`,
    }));
  return { at, problems };
}

const cut = (value: string) => (value.length > 60 ? `${value.slice(0, 59)}…` : value);

/** What a row says of its code and plates even when another cell does not read: the checks across rows use it. */
export interface SheetRowKeys {
  row: number;
  code: string;
  codeKey: string | null;
  vehicles: SheetVehicle[];
}

/**
 * A row of the file read into a supplier, or its problems (one per cell that does not read);
 * its code and good plates either way.
 */
export function readRow(
  cells: string[],
  row: number,
  at: Partial<Record<SheetColumn, number>>,
): { supplier: SheetSupplier | null; keys: SheetRowKeys; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  // "-" is how an export writes an empty cell.
  const cell = (column: SheetColumn) => {
    const index = at[column];
    const value = index === undefined ? '' : (cells[index] ?? '').trim();
    return value === '-' ? '' : value;
  };
  const problem = (column: SheetColumn, code: ImportProblem['code'], value: string, message: string) =>
    problems.push({ row, column, code, value: cut(value), message });
  /** A cell through its API rule: its value, or a problem and null. */
  function checked<S extends z.ZodType>(column: SheetColumn, schema: S, value: string): z.output<S> | null {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    problem(column, 'INVALID', value, result.error.issues[0]?.message ?? 'is not valid');
    return null;
  }

  const codeCell = cell('code');
  const nameCell = cell('name');
  if (!codeCell) problem('code', 'REQUIRED', '', 'A supplier needs a code.');
  if (!nameCell) problem('name', 'REQUIRED', '', 'A supplier needs a name.');
  const code = codeCell ? checked('code', SupplierCodeSchema, codeCell) : null;
  const name = nameCell ? checked('name', text(120), nameCell) : null;

  const kindCell = norm(cell('kind'));
  const kind = kindCell
    ? (SUPPLIER_KINDS.find((k) => KIND_WORDS[k].read.includes(kindCell)) ?? null)
    : 'grower';
  if (kind === null)
    problem(
      'kind',
      'INVALID',
      cell('kind'),
      `is none of ${SUPPLIER_KINDS.map((k) => KIND_WORDS[k].written).join(', ')}`,
    );

  const phoneCell = cell('phone');
  const phone = phoneCell ? checked('phone', PhoneSchema, phoneCell) : null;
  const taxCell = cell('tax_id');
  const taxId = taxCell ? checked('tax_id', ThaiTaxIdSchema, taxCell) : null;

  const leaderCell = cell('leader_code');
  const leader = leaderCell ? checked('leader_code', SupplierCodeSchema, leaderCell) : null;

  const vehicles: SheetSupplier['vehicles'] = [];
  const plates = splitPlates(cell('vehicles'));
  if (plates.length > SUPPLIER_VEHICLES_MAX)
    problem('vehicles', 'INVALID', cell('vehicles'), `holds more than ${SUPPLIER_VEHICLES_MAX} plates`);
  // The tags, when the file has their column: one per plate in the plates' order, "-" for none.
  const tagsCell = cell('tags');
  const tags =
    at.tags === undefined ? undefined : tagsCell ? tagsCell.split(/[,;\n]/).map((t) => t.trim()) : [];
  if (tags && tags.length > plates.length)
    problem('tags', 'INVALID', tagsCell, `holds ${tags.length} tags for ${plates.length} plates`);
  const tagOf = (index: number): string | null | undefined => {
    const given = tags?.[index];
    if (tags === undefined) return undefined;
    if (given === undefined || given === '' || given === '-') return null;
    const tag = checked('tags', TagSchema, given);
    if (tag !== null && vehicles.some((v) => v.tag === tag))
      problem('tags', 'INVALID', given, 'is the tag of two plates of the row');
    return tag;
  };
  plates.slice(0, SUPPLIER_VEHICLES_MAX).forEach((plate, index) => {
    const tag = tagOf(index);
    const licence = checked('vehicles', TruckLicenseSchema, plate);
    if (licence === null) return;
    const plateKey = plateSearchKey(licence);
    if (!vehicles.some((v) => v.plateKey === plateKey)) vehicles.push({ licence, plateKey, tag });
  });

  const activeCell = norm(cell('active'));
  const active = !activeCell || YES.includes(activeCell) ? true : NO.includes(activeCell) ? false : null;
  if (active === null) problem('active', 'INVALID', cell('active'), 'is neither yes (ใช่) nor no (ไม่)');

  const keys: SheetRowKeys = {
    row,
    code: code ?? codeCell,
    codeKey: code === null ? null : codeKeyOf(code),
    vehicles,
  };
  if (problems.length > 0 || code === null || name === null || kind === null || active === null)
    return { supplier: null, keys, problems };
  const codeKey = codeKeyOf(code);
  if (leader !== null && codeKeyOf(leader) === codeKey) {
    problem('leader_code', 'UNKNOWN_LEADER', leaderCell, 'A supplier is not its own leader.');
    return { supplier: null, keys, problems };
  }
  return {
    keys,
    supplier: {
      row,
      code,
      codeKey,
      name,
      kind,
      phone,
      taxId,
      leaderKey: leader === null ? null : codeKeyOf(leader),
      vehicles,
      active,
    },
    problems,
  };
}
