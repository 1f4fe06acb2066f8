import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('prefers the stored setting', () => {
    expect(pickLanguage('ru', ['en-US'], 'th')).toBe('ru');
  });

  it('ignores a stored value that is not offered, then takes the first offered browser language', () => {
    expect(pickLanguage('fr', ['fr-FR', 'de-DE', 'en'], 'th')).toBe('de');
    expect(pickLanguage(null, ['en-GB'], 'th')).toBe('en');
  });

  it('falls back to the configured default', () => {
    expect(pickLanguage(null, ['fr-FR', 'zh'], 'th')).toBe('th');
    expect(pickLanguage('', [], 'en')).toBe('en');
  });
});

describe('acceptLanguageTags (the server picks the page language by the same rule)', () => {
  it('orders the tags by weight, keeping the header order among equals', () => {
    expect(acceptLanguageTags('fr-FR,en;q=0.8,th;q=0.9,de')).toEqual(['fr-FR', 'de', 'th', 'en']);
    expect(pickLanguage(null, acceptLanguageTags('fr-FR,en;q=0.8,th;q=0.9'), 'de')).toBe('th');
  });

  it('skips refused, malformed and missing values', () => {
    expect(acceptLanguageTags('th;q=0,en;q=abc,<script>,ru;q=0.5')).toEqual(['ru']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags('')).toEqual([]);
  });
});
