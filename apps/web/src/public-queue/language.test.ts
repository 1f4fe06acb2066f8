import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';

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
