import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Calendar } from '@truck-queue/shared/calendar';
import type { BranchLanguage } from '@truck-queue/shared/queue/yard-rules';
import { config } from '../../../../lib/config.ts';
import { formatDate } from '../../../../lib/format.ts';
import { LANGUAGES } from '../../../../lib/languages.ts';
import { usePlantToday } from '../../../auth/use-plant-today.ts';
import { SettingChoiceCard } from './setting-choice-card.tsx';

interface CardProps<V> {
  /** The branch's setting as saved; undefined while it loads. */
  saved: V | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (value: V) => void;
}

/**
 * The language the branch's officers' screens start in (the sign-in page included) until an
 * officer chooses one: it wins over the browser's language (issue 36). '' is the plant's default.
 */
export function LanguageCard(props: CardProps<BranchLanguage>) {
  const { t } = useTranslation();
  const name = (language: string) => t('language.name', { lng: language });
  return (
    <SettingChoiceCard
      name="language"
      title={t('yard.rules.language.title')}
      description={t('yard.rules.language.description')}
      {...props}
      control={(chosen, choose) => (
        <Select<BranchLanguage>
          value={chosen}
          onChange={choose}
          aria-label={t('yard.rules.language.title')}
          style={{ minWidth: 260 }}
          options={[
            {
              value: '',
              label: t('yard.rules.language.plantDefault', { language: name(config.defaultLanguage) }),
            },
            ...LANGUAGES.map((language) => ({
              value: language,
              label: <span lang={language}>{name(language)}</span>,
            })),
          ]}
        />
      )}
    />
  );
}

/**
 * Whether languages other than Thai also write the year in the branch's calendar: off (the
 * default), an English or German screen shows the Christian year however the branch writes its
 * Thai dates (issue 36). Each choice shows today's date in English as it would read.
 */
export function CalendarLanguagesCard({
  calendar,
  ...props
}: CardProps<boolean> & { calendar: Calendar | undefined }) {
  const { t } = useTranslation();
  const today = usePlantToday();
  return (
    <SettingChoiceCard
      name="calendar-languages"
      title={t('yard.rules.calendarLanguages.title')}
      description={t('yard.rules.calendarLanguages.description')}
      {...props}
      choices={[
        { value: false, label: t('yard.rules.calendarLanguages.thaiOnly'), sample: formatDate(today, 'CE') },
        {
          value: true,
          label: t('yard.rules.calendarLanguages.every'),
          sample: formatDate(today, calendar ?? 'BE'),
        },
      ]}
      choiceTestId={(every) => (every ? 'every' : 'thai-only')}
    />
  );
}

/**
 * Whether the sign-in form's "remember me" starts ticked on the branch's PCs: unticked (the
 * default) suits the shared PCs of a plant office, where the next officer must not find the last
 * one still signed in.
 */
export function RememberCard(props: CardProps<boolean>) {
  const { t } = useTranslation();
  return (
    <SettingChoiceCard
      name="remember"
      title={t('yard.rules.remember.title')}
      description={t('yard.rules.remember.description')}
      {...props}
      choices={[
        { value: false, label: t('yard.rules.remember.off'), sample: t('yard.rules.remember.offSample') },
        { value: true, label: t('yard.rules.remember.on'), sample: t('yard.rules.remember.onSample') },
      ]}
      choiceTestId={(on) => (on ? 'on' : 'off')}
    />
  );
}
