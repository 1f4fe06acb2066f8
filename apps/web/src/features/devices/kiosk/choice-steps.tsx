import { Result } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceQueueType } from '@truck-queue/shared/contracts/device.contract';
import { ChoiceButton } from './choice-button.tsx';
import { StepHeading } from './step-heading.tsx';

/**
 * Step 1: "I have a booking" (its QR or code), then the kiosk's queue types for a truck without
 * one; a type without products shows why it cannot be chosen.
 */
export function QueueTypeStep({
  types,
  selected,
  onChoose,
  onBooking,
}: {
  types: DeviceQueueType[];
  selected: number | null;
  onChoose: (id: number) => void;
  onBooking: () => void;
}) {
  const { t } = useTranslation();
  const booking = (
    <div className="tqk-choices" role="group" aria-label={t('kiosk.booking.choice.name')}>
      <ChoiceButton
        testId="kiosk-booking-choice"
        badge={<QrcodeOutlined />}
        name={t('kiosk.booking.choice.name')}
        note={t('kiosk.booking.choice.note')}
        onChoose={onBooking}
      />
    </div>
  );
  if (types.length === 0) {
    return (
      <>
        {booking}
        <Result
          status="info"
          title={<span className="tqk-step-title">{t('kiosk.type.none.title')}</span>}
          subTitle={
            <span className="tqk-step-hint">{t('kiosk.type.none.text', { menu: t('pages.printing') })}</span>
          }
        />
      </>
    );
  }
  return (
    <>
      {booking}
      <StepHeading title={t('kiosk.type.withoutBooking')} hint={t('kiosk.type.hint')} />
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
