import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { neighboursOf } from '@truck-queue/shared/province-neighbours';
import { provinceByName } from '@truck-queue/shared/provinces';
import { provinceName, provincesFor } from '../../../plates/province-names.ts';
import { SettingChoiceCard } from './setting-choice-card.tsx';

interface ProvinceCardProps {
  /** The plant's province as saved ('' for none); undefined while it loads. */
  province: string | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (province: string) => void;
}

/**
 * The province the plant stands in: its kiosks list it and its neighbouring provinces first when
 * a driver picks his plate's province (most trucks come from near the plant). The choice names
 * the neighbours it brings forward.
 */
export function ProvinceCard({ province, saving, failure, onSave }: ProvinceCardProps) {
  const { t, i18n } = useTranslation();
  const nameOf = (th: string) => {
    const found = provinceByName(th);
    return found ? provinceName(found, i18n.language) : th;
  };
  return (
    <SettingChoiceCard<string>
      name="province"
      title={t('yard.rules.province.title')}
      description={t('yard.rules.province.description')}
      saved={province}
      saving={saving}
      failure={failure}
      onSave={onSave}
      control={(chosen, choose) => (
        <>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={chosen}
            onChange={choose}
            style={{ width: 280 }}
            aria-label={t('yard.rules.province.title')}
            data-testid="province-select"
            options={[
              { value: '', label: t('yard.rules.province.none') },
              ...provincesFor(i18n.language).map((p) => ({
                value: p.th,
                label: provinceName(p, i18n.language),
              })),
            ]}
          />
          {chosen ? (
            <Typography.Text type="secondary" data-testid="province-neighbours">
              {t('yard.rules.province.neighbours', {
                list: neighboursOf(chosen).map(nameOf).join(', '),
              })}
            </Typography.Text>
          ) : null}
        </>
      )}
    />
  );
}
