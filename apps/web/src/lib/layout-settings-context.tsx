import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  changeLayoutSetting,
  DEFAULT_LAYOUT_SETTINGS,
  isCondensedByDefault,
  LAYOUT_SETTINGS_KEY,
  parseLayoutSettings,
  serializeLayoutSettings,
  type LayoutSettingKey,
  type LayoutSettings,
} from './layout-settings.ts';

interface LayoutSettingsValue {
  settings: LayoutSettings;
  change: <K extends LayoutSettingKey>(key: K, value: LayoutSettings[K]) => void;
  reset: () => void;
  /** Sidebar shown narrow (icons only); the menu toggle flips it. */
  condensed: boolean;
  setCondensed: (condensed: boolean) => void;
}

const LayoutSettingsContext = createContext<LayoutSettingsValue | null>(null);

function loadSettings(): LayoutSettings {
  try {
    return parseLayoutSettings(window.localStorage.getItem(LAYOUT_SETTINGS_KEY));
  } catch {
    return DEFAULT_LAYOUT_SETTINGS;
  }
}

function storeSettings(settings: LayoutSettings): void {
  try {
    window.localStorage.setItem(LAYOUT_SETTINGS_KEY, serializeLayoutSettings(settings));
  } catch (error) {
    console.warn('Could not store the layout settings', error);
  }
}

export function LayoutSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(loadSettings);
  const [condensed, setCondensed] = useState(() =>
    isCondensedByDefault(settings.sidebarType, window.innerWidth),
  );

  const apply = useCallback((next: LayoutSettings, previous: LayoutSettings) => {
    storeSettings(next);
    setSettings(next);
    if (next.sidebarType !== previous.sidebarType) {
      setCondensed(isCondensedByDefault(next.sidebarType, window.innerWidth));
    }
  }, []);

  const change = useCallback(
    <K extends LayoutSettingKey>(key: K, value: LayoutSettings[K]) =>
      apply(changeLayoutSetting(settings, key, value), settings),
    [apply, settings],
  );
  const reset = useCallback(() => apply(DEFAULT_LAYOUT_SETTINGS, settings), [apply, settings]);

  const value = useMemo(
    () => ({ settings, change, reset, condensed, setCondensed }),
    [settings, change, reset, condensed],
  );
  return <LayoutSettingsContext.Provider value={value}>{children}</LayoutSettingsContext.Provider>;
}

export function useLayoutSettings(): LayoutSettingsValue {
  const value = useContext(LayoutSettingsContext);
  if (!value) throw new Error('useLayoutSettings must be used inside LayoutSettingsProvider');
  return value;
}
