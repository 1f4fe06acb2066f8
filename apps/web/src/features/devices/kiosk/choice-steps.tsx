import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceQueueType } from '@truck-queue/shared/contracts/device.contract';
import { ChoiceButton } from './choice-button.tsx';
import { StepHeading } from './step-heading.tsx';

/** Step 1: the kiosk's queue types; a type without products shows why it cannot be chosen. */
export function QueueTypeStep({
  types,
  selected,
  onChoose,
}: {
  types: DeviceQueueType[];
  selected: number | null;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (types.length === 0) {
    return (
      <Result
        status="info"
        title={<span className="tqk-step-title">{t('kiosk.type.none.title')}</span>}
        subTitle={
          <span className="tqk-step-hint">{t('kiosk.type.none.text', { menu: t('pages.printing') })}</span>
        }
      />
    );
  }
  return (
    <>
      <StepHeading title={t('kiosk.type.title')} hint={t('kiosk.type.hint')} />
      <div className="tqk-choices" role="group" aria-label={t('kiosk.steps.type')}>
        {types.map((type) => {
          const empty = type.product.length === 0;
          return (
            <ChoiceButton
              key={type.id}
              testId={`kiosk-type-${type.id}`}
              badge={type.prefix}
              name={type.queue_type_name}
              note={empty ? t('kiosk.type.noProducts') : undefined}
              disabled={empty}
              selected={selected === type.id}
              onChoose={() => onChoose(type.id)}
            />
          );
        })}
      </div>
    </>
  );
}

/** Step 2: the products of the chosen type. */
export function ProductStep({
  type,
  selected,
  onChoose,
}: {
  type: DeviceQueueType;
  selected: number | null;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <StepHeading
        title={t('kiosk.product.title')}
        hint={t('kiosk.product.hint', { type: type.queue_type_name })}
      />
      <div className="tqk-choices" role="group" aria-label={t('kiosk.steps.product')}>
        {type.product.map((product, index) => (
          <ChoiceButton
            key={product.id}
            testId={`kiosk-product-${product.id}`}
            badge={index + 1}
            name={product.name}
            selected={selected === product.id}
            onChoose={() => onChoose(product.id)}
          />
        ))}
      </div>
    </>
  );
}
