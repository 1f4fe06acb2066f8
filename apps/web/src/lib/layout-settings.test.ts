import { describe, expect, it } from 'vitest';
import {
  changeLayoutSetting,
  DEFAULT_LAYOUT_SETTINGS,
  isCondensedByDefault,
  parseLayoutSettings,
  serializeLayoutSettings,
  topbarThemeOptions,
} from './layout-settings.ts';

describe('parseLayoutSettings', () => {
  it('uses the defaults of SPEC.md section 3', () => {
    expect(parseLayoutSettings(null)).toEqual({
      orientation: 'vertical',
      mode: 'light',
      width: 'fluid',
      topbarTheme: 'light',
      sidebarType: 'default',
      sidebarColor: 'dark',
    });
  });

  it('falls back to defaults for bad JSON and unknown values', () => {
    expect(parseLayoutSettings('{not json')).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings('[1,2]')).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings('{"mode":"purple","width":"boxed"}')).toEqual({
      ...DEFAULT_LAYOUT_SETTINGS,
      width: 'boxed',
    });
  });

  it('round-trips stored settings', () => {
    const settings = {
      ...DEFAULT_LAYOUT_SETTINGS,
      orientation: 'horizontal',
      topbarTheme: 'colored',
    } as const;
    expect(parseLayoutSettings(serializeLayoutSettings(settings))).toEqual(settings);
  });

  it('drops a coloured top bar stored with the vertical layout', () => {
    expect(parseLayoutSettings('{"topbarTheme":"colored"}').topbarTheme).toBe('light');
  });
});

describe('changeLayoutSetting', () => {
  it('forces the icon sidebar for boxed width and the default sidebar otherwise', () => {
    const boxed = changeLayoutSetting(DEFAULT_LAYOUT_SETTINGS, 'width', 'boxed');
    expect(boxed.sidebarType).toBe('icon');
    expect(changeLayoutSetting(boxed, 'width', 'scrollable').sidebarType).toBe('default');
    const compact = changeLayoutSetting(boxed, 'sidebarType', 'compact');
    expect(changeLayoutSetting(compact, 'width', 'fluid').sidebarType).toBe('default');
  });

  it('offers the coloured top bar only in the horizontal layout', () => {
    expect(topbarThemeOptions('vertical')).not.toContain('colored');
    const horizontal = changeLayoutSetting(DEFAULT_LAYOUT_SETTINGS, 'orientation', 'horizontal');
    const colored = changeLayoutSetting(horizontal, 'topbarTheme', 'colored');
    expect(colored.topbarTheme).toBe('colored');
    expect(changeLayoutSetting(colored, 'orientation', 'vertical').topbarTheme).toBe('light');
  });
});

describe('isCondensedByDefault', () => {
  it('condenses below 992 px and for the icon sidebar', () => {
    expect(isCondensedByDefault('default', 991)).toBe(true);
    expect(isCondensedByDefault('default', 992)).toBe(false);
    expect(isCondensedByDefault('icon', 1600)).toBe(true);
  });
});
