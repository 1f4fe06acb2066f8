import { describe, expect, it } from 'vitest';
import th from '../../locales/th.json';
import en from '../../locales/en.json';
import { ApiRequestError } from '../../lib/api-client.ts';
import {
  base64OfDataUrl,
  codeProblem,
  formatPhone,
  importColumnKey,
  importProblemKey,
  IMPORT_COLUMNS,
  IMPORT_PROBLEM_CODES,
  isImportFileName,
  normalisePlates,
  phoneOk,
  platesProblem,
  supplierRefusals,
  normaliseTag,
  tagProblem,
  taxIdProblem,
} from './supplier-rules.ts';
import { supplierIdOf } from './supplier-picker.tsx';

function lookup(dict: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
}

describe('import problems', () => {
  it('says every problem code and names every column in Thai and English', () => {
    for (const code of IMPORT_PROBLEM_CODES) {
      expect(lookup(th, importProblemKey(code)), code).toEqual(expect.any(String));
      expect(lookup(en, importProblemKey(code)), code).toEqual(expect.any(String));
    }
    for (const column of IMPORT_COLUMNS)
      expect(lookup(th, importColumnKey(column)!)).toEqual(expect.any(String));
    expect(lookup(th, 'suppliers.columns.leader_code')).toBe('รหัสหัวหน้ากลุ่ม');
  });

  it('says what an INVALID value’s column takes', () => {
    expect(importProblemKey('INVALID', 'kind')).toBe('suppliers.import.invalid.kind');
    expect(importProblemKey('INVALID', null)).toBe('suppliers.import.problems.INVALID');
    expect(importProblemKey('REQUIRED', 'name')).toBe('suppliers.import.problems.REQUIRED');
    for (const column of IMPORT_COLUMNS)
      expect(lookup(th, importProblemKey('INVALID', column)), column).toEqual(expect.any(String));
  });

  it('shows a phone as people read it', () => {
    expect(formatPhone('0812345678')).toBe('081-234-5678');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('043222333')).toBe('043-222-333');
    expect(formatPhone('+66812345678')).toBe('+66812345678');
  });

  it('names the whole row for a problem without a column, and nothing for an unknown column', () => {
    expect(importColumnKey(null)).toBe('suppliers.import.wholeRow');
    expect(importColumnKey('tax_id')).toBe('suppliers.columns.tax_id');
    expect(importColumnKey('colour')).toBeNull();
  });

  it('takes .xlsx and .csv files only, and their content without the data URL header', () => {
    expect(isImportFileName('suppliers.XLSX')).toBe(true);
    expect(isImportFileName('list.csv')).toBe(true);
    expect(isImportFileName('list.xls')).toBe(false);
    expect(base64OfDataUrl('data:text/csv;base64,QUJD')).toBe('QUJD');
  });
});

describe('the supplier form rules', () => {
  it('checks the code as the schema does', () => {
    expect(codeProblem('  ')).toBe('required');
    expect(codeProblem('Q-2568/001')).toBeNull();
    expect(codeProblem('กข.12')).toBeNull();
    expect(codeProblem('A 1')).toBe('invalid');
    expect(codeProblem('x'.repeat(21))).toBe('tooLong');
  });

  it('takes a phone as people write it, or none', () => {
    expect(phoneOk('')).toBe(true);
    expect(phoneOk('081-234 5678')).toBe(true);
    expect(phoneOk('+66 81 234 5678')).toBe(true);
    expect(phoneOk('12345')).toBe(false);
  });

  it('checks a tax id’s 13 digits and its check digit', () => {
    expect(taxIdProblem('')).toBeNull();
    expect(taxIdProblem('1-1017-00230-70-8')).toBeNull();
    expect(taxIdProblem('1101700230709')).toBe('checkDigit');
    expect(taxIdProblem('12345')).toBe('digits');
  });

  it('keeps each plate once, as the server compares them, and finds one that is not a plate', () => {
    expect(normalisePlates([' 70-1234  ราชบุรี', '70 1234 ราชบุรี', 'ab 12'])).toEqual([
      '70-1234 ราชบุรี',
      'AB 12',
    ]);
    expect(platesProblem(['70-1234', '=HYPERLINK()'])).toEqual({
      plate: '=HYPERLINK()',
      problem: 'startsLikeFormula',
    });
    expect(platesProblem(['70-1234'])).toBeNull();
  });
});

describe('a refused save, on its field', () => {
  it('puts a taken code on the code and a taken plate on the plates', () => {
    const code = new ApiRequestError('CONFLICT', 409, 'taken', { reason: 'SUPPLIER_CODE_TAKEN' });
    expect(supplierRefusals(code)).toEqual([{ field: 'code', key: 'suppliers.form.codeTaken' }]);
    const plate = new ApiRequestError('CONFLICT', 409, 'taken', { reason: 'PLATE_TAKEN' });
    expect(supplierRefusals(plate)).toEqual([{ field: 'vehicles', key: 'suppliers.form.plateTaken' }]);
  });

  it('puts each VALIDATION_FAILED issue on its field, a plate by its place', () => {
    const error = new ApiRequestError('VALIDATION_FAILED', 400, 'bad', {
      issues: [
        { path: 'leader_id', message: 'is not a leader' },
        { path: 'vehicles.2', message: 'bad plate' },
        { path: 'vehicles.3', message: 'bad plate' },
        { path: 'unknown', message: 'x' },
      ],
    });
    expect(supplierRefusals(error)).toEqual([
      { field: 'leader_id', key: 'suppliers.form.refused.leader_id', index: undefined },
      { field: 'vehicles', key: 'suppliers.form.refused.vehicles', index: 2 },
    ]);
    expect(supplierRefusals(new ApiRequestError('NETWORK', 0, 'down'))).toEqual([]);
  });

  it('puts a taken RFID tag, and a refused one by its plate (dots and all), on the tags', () => {
    const taken = new ApiRequestError('CONFLICT', 409, 'taken', { reason: 'TAG_TAKEN' });
    expect(supplierRefusals(taken)).toEqual([{ field: 'tags', key: 'suppliers.form.tagTaken' }]);
    const refused = new ApiRequestError('VALIDATION_FAILED', 400, 'bad', {
      issues: [{ path: 'vehicle_tags.70-1234 กทม.', message: 'is also the tag of 70-1235' }],
    });
    expect(supplierRefusals(refused)).toEqual([
      { field: 'tags', key: 'suppliers.form.refused.tags', plate: '70-1234 กทม.' },
    ]);
  });
});

describe('the vehicles’ RFID tags as typed', () => {
  it('takes a tag as the reader’s label prints it, none left empty, and finds a bad or doubled one', () => {
    expect(normaliseTag(' e2:80-11 60 ')).toBe('E2801160');
    expect(tagProblem({ a: 'e280 1160', b: '', c: undefined }, 'a')).toBeNull();
    expect(tagProblem({ a: 'e280 1160', b: '' }, 'b')).toBeNull();
    expect(tagProblem({ a: 'E280116', b: '' }, 'a')).toEqual({ problem: 'invalid' });
    expect(tagProblem({ a: 'AABBCCDD', b: 'aa bb cc dd' }, 'b')).toEqual({ problem: 'twice', with: 'a' });
  });
});

describe('the ticket’s supplier', () => {
  it('is left out until chosen, null when the officer cleared it, the id otherwise', () => {
    expect(supplierIdOf(null)).toEqual({});
    expect(supplierIdOf({ id: null, by: 'officer' })).toEqual({ supplier_id: null });
    expect(supplierIdOf({ id: 7, by: 'plate' })).toEqual({ supplier_id: 7 });
  });
});
