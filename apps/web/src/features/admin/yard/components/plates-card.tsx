import { useTranslation } from 'react-i18next';
import { maskPlate } from '@truck-queue/shared/plate-mask';
import { SettingChoiceCard } from './setting-choice-card.tsx';

interface PlatesCardProps {
  /** Whether the branch masks plates on public screens; undefined while it loads. */
  maskPlates: boolean | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (maskPlates: boolean) => void;
}

/** A plate as the choices show it. */
const SAMPLE = 'กข 1234 กรุงเทพมหานคร';

/**
 * Licence plates on the branch's public screens (displays, other trucks on a driver's page):
 * masked by default ("กข 12••", shared/plate-mask.ts), or shown in full. Each choice shows a
 * plate as it would read.
 */
export function PlatesCard({ maskPlates, saving, failure, onSave }: PlatesCardProps) {
  const { t } = useTranslation();
  return (
    <SettingChoiceCard
      name="plates"
      title={t('yard.rules.plates.title')}
      description={t('yard.rules.plates.description')}
      saved={maskPlates}
      saving={saving}
      failure={failure}
      onSave={onSave}
      choices={[
        { value: true, label: t('yard.rules.plates.mask'), sample: maskPlate(SAMPLE) },
        { value: false, label: t('yard.rules.plates.full'), sample: SAMPLE },
      ]}
      choiceTestId={(mask) => (mask ? 'mask' : 'full')}
    />
  );
}
