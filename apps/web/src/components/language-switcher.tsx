import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage } from '../lib/languages.ts';

/**
 * Each language is listed in its own name; the choice is stored under 'I18N_LANGUAGE'.
 * `compact` (a narrow screen): the globe alone, still named for screen readers.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({
          key: language,
          label: <span lang={language}>{t('language.name', { lng: language })}</span>,
        })),
        onClick: ({ key }) => {
          const language = toLanguage(key);
          if (language) void changeLanguage(language);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={`${t('language.label')}: ${t('language.name')}`}
      >
        {compact ? null : t('language.name')}
      </Button>
    </Dropdown>
  );
}
