import type { ReactNode } from 'react';
import { Button, Drawer, Flex, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LAYOUT_OPTIONS,
  topbarThemeOptions,
  type LayoutSettingKey,
  type LayoutSettings,
} from '../../lib/layout-settings.ts';
import { useLayoutSettings } from '../../lib/layout-settings-context.tsx';
import type { TranslationKey } from '../../lib/i18n.ts';

function Setting<K extends LayoutSettingKey>({
  name,
  options,
}: {
  name: K;
  options: readonly LayoutSettings[K][];
}): ReactNode {
  const { t } = useTranslation();
  const { settings, change } = useLayoutSettings();
  const labelId = `layout-setting-${name}`;
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong id={labelId}>
        {t(`settings.${name}.label`)}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={labelId}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
        value={settings[name]}
        onChange={(event) => change(name, event.target.value as LayoutSettings[K])}
        options={options.map((option) => ({
          value: option,
          // settings.<name>.<option>: locales.test.ts checks every locale has each one.
          label: t(`settings.${name}.${option}` as TranslationKey),
        }))}
      />
    </Flex>
  );
}

/** The right-hand settings panel; clicking outside it closes it (SPEC.md section 4). */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings, reset } = useLayoutSettings();
  const vertical = settings.orientation === 'vertical';
  return (
    <Drawer
      title={t('settings.title')}
      placement="right"
      open={open}
      onClose={onClose}
      size={340}
      footer={
        <Button block onClick={reset}>
          {t('settings.reset')}
        </Button>
      }
    >
      <Flex vertical gap={24}>
        <Setting name="orientation" options={LAYOUT_OPTIONS.orientation} />
        <Setting name="mode" options={LAYOUT_OPTIONS.mode} />
        <Setting name="width" options={LAYOUT_OPTIONS.width} />
        <Setting name="topbarTheme" options={topbarThemeOptions(settings.orientation)} />
        {vertical && <Setting name="sidebarType" options={LAYOUT_OPTIONS.sidebarType} />}
        {vertical && <Setting name="sidebarColor" options={LAYOUT_OPTIONS.sidebarColor} />}
      </Flex>
    </Drawer>
  );
}
