import {
  PhoneSchema,
  SUPPLIER_KINDS,
  SupplierCodeSchema,
  ThaiTaxIdSchema,
  ImportProblemSchema,
  type ImportProblem,
  type SupplierKind,
} from '@truck-queue/shared/contracts/supplier.contract';
import { TAG_PATTERN, tagKey } from '@truck-queue/shared/identify/readers';
import { normaliseLicence, plateSearchKey } from '@truck-queue/shared/licence';
import { isApiRequestError } from '../../lib/api-client.ts';
import { checkLicence, type LicenceProblem } from '../plates/plate-draft.ts';

export { SUPPLIER_KINDS, type SupplierKind };

/** The import's columns, in the file's order (their Thai headers are `suppliers.columns.<key>`). */
export const IMPORT_COLUMNS = [
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
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export function isImportColumn(column: string | null): column is ImportColumn {
  return column !== null && (IMPORT_COLUMNS as readonly string[]).includes(column);
}

/** The i18n key of an import problem's column: its header, or "the whole row". */
export function importColumnKey(
  column: string | null,
): `suppliers.columns.${ImportColumn}` | 'suppliers.import.wholeRow' | null {
  if (column === null) return 'suppliers.import.wholeRow';
  return isImportColumn(column) ? `suppliers.columns.${column}` : null;
}

/** Every code an import problem may have. */
export const IMPORT_PROBLEM_CODES = ImportProblemSchema.shape.code.options;

/**
 * The i18n key that says an import problem in the officer's language, by its stable code; an
 * INVALID value says what its column takes.
 */
export function importProblemKey(
  code: ImportProblem['code'],
  column: string | null = null,
): `suppliers.import.problems.${ImportProblem['code']}` | `suppliers.import.invalid.${ImportColumn}` {
  if (code === 'INVALID' && isImportColumn(column)) return `suppliers.import.invalid.${column}`;
  return `suppliers.import.problems.${code}`;
}

/** A phone as people read it: 081-234-5678 (a mobile), 043-222-333 or 02-123-4567; else as kept. */
export function formatPhone(phone: string): string {
  if (/^0[689]\d{8}$/.test(phone)) return `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
  if (/^02\d{7}$/.test(phone)) return `${phone.slice(0, 2)}-${phone.slice(2, 5)}-${phone.slice(5)}`;
  if (/^0\d{8}$/.test(phone)) return `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
  return phone;
}

/** The fields of the supplier form a server refusal can land on. */
export type SupplierField =
  'code' | 'name' | 'kind' | 'phone' | 'tax_id' | 'leader_id' | 'vehicles' | 'tags' | 'active';
const FIELDS: readonly SupplierField[] = [
  'code',
  'name',
  'kind',
  'phone',
  'tax_id',
  'leader_id',
  'vehicles',
  'tags',
  'active',
];

/** What a refusal of saveSupplier says about the form: a field and the i18n key of why, or neither. */
export interface FieldRefusal {
  field: SupplierField;
  key:
    | `suppliers.form.refused.${SupplierField}`
    | 'suppliers.form.codeTaken'
    | 'suppliers.form.plateTaken'
    | 'suppliers.form.tagTaken';
  /** For a plate: which one (the n-th of the vehicles), when the server said. */
  index?: number | undefined;
  /** For a tag: the plate it was given for, as the server named it. */
  plate?: string | undefined;
}

/**
 * The form's fields a saveSupplier refusal is about: the code or a plate another supplier holds
 * (SUPPLIER_CODE_TAKEN, PLATE_TAKEN), or each field VALIDATION_FAILED names in its `issues`
 * ('vehicles.2' is the third plate). Empty for any other refusal (said above the form).
 */
export function supplierRefusals(error: unknown): FieldRefusal[] {
  if (!isApiRequestError(error)) return [];
  if (error.detail.reason === 'SUPPLIER_CODE_TAKEN')
    return [{ field: 'code', key: 'suppliers.form.codeTaken' }];
  if (error.detail.reason === 'PLATE_TAKEN') return [{ field: 'vehicles', key: 'suppliers.form.plateTaken' }];
  if (error.detail.reason === 'TAG_TAKEN') return [{ field: 'tags', key: 'suppliers.form.tagTaken' }];
  if (error.code !== 'VALIDATION_FAILED') return [];
  const refusals: FieldRefusal[] = [];
  for (const issue of error.detail.issues ?? []) {
    const [head, second] = issue.path.split('.');
    if (head === 'vehicle_tags') {
      // 'vehicle_tags.<plate>': the plate may hold dots of its own.
      const plate = issue.path.slice('vehicle_tags.'.length);
      if (!refusals.some((r) => r.field === 'tags'))
        refusals.push({ field: 'tags', key: 'suppliers.form.refused.tags', plate });
      continue;
    }
    const field = FIELDS.find((f) => f === head);
    if (!field || refusals.some((r) => r.field === field)) continue;
    const index =
      field === 'vehicles' && second !== undefined && /^\d+$/.test(second) ? Number(second) : undefined;
    refusals.push({ field, key: `suppliers.form.refused.${field}`, index });
  }
  return refusals;
}

/** Why a typed supplier code is refused, or null: as SupplierCodeSchema says. */
export function codeProblem(value: string): 'required' | 'tooLong' | 'invalid' | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > 20) return 'tooLong';
  return SupplierCodeSchema.safeParse(trimmed).success ? null : 'invalid';
}

/** A tag as the server keeps it: upper case, spaces, dashes and colons aside; '' none. */
export const normaliseTag = (value: string | undefined) => tagKey(value ?? '');

/**
 * Why the tag typed for one plate is refused, among the tags typed for all (by plate key): not
 * 8–32 hex digits, or typed for another plate too (`with` names it); null when fine or empty.
 */
export function tagProblem(
  tags: Readonly<Record<string, string | undefined>>,
  plateKey: string,
): { problem: 'invalid' } | { problem: 'twice'; with: string } | null {
  const tag = normaliseTag(tags[plateKey]);
  if (tag === '') return null;
  if (!TAG_PATTERN.test(tag)) return { problem: 'invalid' };
  const other = Object.keys(tags).find((key) => key !== plateKey && normaliseTag(tags[key]) === tag);
  return other === undefined ? null : { problem: 'twice', with: other };
}

/** Whether a phone (optional) reads as PhoneSchema reads it. */
export function phoneOk(value: string): boolean {
  return value.trim() === '' || PhoneSchema.safeParse(value.trim()).success;
}

/** Why a tax id (optional) is refused: not 13 digits, or its check digit is wrong; null when fine. */
export function taxIdProblem(value: string): 'digits' | 'checkDigit' | null {
  const digits = value.replace(/[\s-]/g, '');
  if (digits === '') return null;
  if (!/^\d{13}$/.test(digits)) return 'digits';
  return ThaiTaxIdSchema.safeParse(digits).success ? null : 'checkDigit';
}

/** The plates as the server keeps them, once each (compared as the server compares them). */
export function normalisePlates(plates: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const plate of plates) {
    const licence = normaliseLicence(plate);
    if (licence === '' || seen.has(plateKey(licence))) continue;
    seen.add(plateKey(licence));
    out.push(licence);
  }
  return out;
}

/** Plates compared as the server compares them (confusable-safe). */
export function plateKey(plate: string): string {
  return plateSearchKey(plate);
}

/** The first plate that is not a plate, and why; null when all are. */
export function platesProblem(plates: readonly string[]): { plate: string; problem: LicenceProblem } | null {
  for (const plate of plates) {
    const check = checkLicence(plate);
    if (!check.ok) return { plate, problem: check.problem };
  }
  return null;
}

/** An .xlsx or .csv file's name (what importSuppliers takes). */
export function isImportFileName(name: string): boolean {
  return /\.(xlsx|csv)$/i.test(name);
}

/** The base64 of a data: URL's content (FileReader.readAsDataURL), without its header. */
export function base64OfDataUrl(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? '' : dataUrl.slice(comma + 1);
}
