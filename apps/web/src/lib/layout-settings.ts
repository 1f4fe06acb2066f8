/**
 * The look-and-feel choices of the settings panel and the rules that tie them together
 * (SPEC.md sections 3 and 4). Pure code: the shell reads and writes through these functions.
 */

export const LAYOUT_OPTIONS = {
  orientation: ['vertical', 'horizontal'],
  mode: ['light', 'dark'],
  width: ['fluid', 'boxed', 'scrollable'],
  topbarTheme: ['light', 'dark', 'colored'],
  sidebarType: ['default', 'compact', 'icon'],
  sidebarColor: ['light', 'dark'],
} as const;

type Options = typeof LAYOUT_OPTIONS;
export type LayoutSettings = { -readonly [K in keyof Options]: Options[K][number] };
export type LayoutSettingKey = keyof LayoutSettings;

export const LAYOUT_SETTINGS_KEY = 'layoutSettings';

/** Below this viewport width (px) the sidebar starts condensed. */
export const DESKTOP_MIN_WIDTH = 992;

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  orientation: 'vertical',
  mode: 'light',
  width: 'fluid',
  topbarTheme: 'light',
  sidebarType: 'default',
  sidebarColor: 'dark',
};

const SETTING_KEYS = Object.keys(LAYOUT_OPTIONS) as LayoutSettingKey[];

function isOption<K extends LayoutSettingKey>(key: K, value: unknown): value is LayoutSettings[K] {
  return (LAYOUT_OPTIONS[key] as readonly unknown[]).includes(value);
}

/** The coloured top bar exists only with the horizontal menu. */
export function topbarThemeOptions(
  orientation: LayoutSettings['orientation'],
): readonly LayoutSettings['topbarTheme'][] {
  return orientation === 'horizontal' ? LAYOUT_OPTIONS.topbarTheme : ['light', 'dark'];
}

function normalize(settings: LayoutSettings): LayoutSettings {
  if (!topbarThemeOptions(settings.orientation).includes(settings.topbarTheme)) {
    return { ...settings, topbarTheme: DEFAULT_LAYOUT_SETTINGS.topbarTheme };
  }
  return settings;
}

/** Stored JSON -> settings; anything missing, unknown or unreadable takes its default. */
export function parseLayoutSettings(raw: string | null | undefined): LayoutSettings {
  if (!raw) return DEFAULT_LAYOUT_SETTINGS;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return DEFAULT_LAYOUT_SETTINGS;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return DEFAULT_LAYOUT_SETTINGS;
  const source = stored as Record<string, unknown>;
  const settings: Record<string, unknown> = { ...DEFAULT_LAYOUT_SETTINGS };
  for (const key of SETTING_KEYS) {
    if (isOption(key, source[key])) settings[key] = source[key];
  }
  return normalize(settings as LayoutSettings);
}

export function serializeLayoutSettings(settings: LayoutSettings): string {
  return JSON.stringify(settings);
}

/**
 * Apply one choice. Boxed width forces the icon sidebar; fluid and scrollable force the
 * default sidebar; leaving the horizontal layout drops the coloured top bar.
 */
export function changeLayoutSetting<K extends LayoutSettingKey>(
  settings: LayoutSettings,
  key: K,
  value: LayoutSettings[K],
): LayoutSettings {
  const next: LayoutSettings = { ...settings, [key]: value };
  if (key === 'width') next.sidebarType = value === 'boxed' ? 'icon' : 'default';
  return normalize(next);
}

/** Whether the sidebar starts condensed: the icon type, or a screen narrower than a desktop. */
export function isCondensedByDefault(
  sidebarType: LayoutSettings['sidebarType'],
  viewportWidth: number,
): boolean {
  return sidebarType === 'icon' || viewportWidth < DESKTOP_MIN_WIDTH;
}
