import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@truck-queue/shared/contracts/api';
import { LAYOUT_OPTIONS } from '../lib/layout-settings.ts';
import { LANGUAGES } from '../lib/languages.ts';
import th from './th.json';
import en from './en.json';
import es from './es.json';
import de from './de.json';
import it_ from './it.json';
import ru from './ru.json';

const LOCALES = { th, en, es, de, it: it_, ru };

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('locale files', () => {
  const reference = keysOf(th).sort();

  it('cover every offered language', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(Object.entries(LOCALES))('%s has exactly the keys of th, none empty', (_language, locale) => {
    expect(keysOf(locale).sort()).toEqual(reference);
    for (const key of reference) {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  it('has a message for every API error code and the network failure', () => {
    for (const code of [...ERROR_CODES, 'NETWORK']) expect(reference).toContain(`errors.${code}`);
  });

  it('labels every layout setting option', () => {
    for (const [name, options] of Object.entries(LAYOUT_OPTIONS)) {
      expect(reference).toContain(`settings.${name}.label`);
      for (const option of options) expect(reference).toContain(`settings.${name}.${option}`);
    }
  });
});
