import { Card, Flex, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScaleLive } from '@truck-queue/shared/contracts/socket-events';
import type { WeighingScale } from '@truck-queue/shared/contracts/station-work.contract';
import { ScaleWeightDisplay } from '../../components/scale-weight.tsx';

const REMEMBERED = 'tq.weighing.scale';

/** The scale this browser last weighed with (kept across sign-ins: the PC stands at one weighbridge). */
export function rememberedScale(): string | null {
  try {
    return window.localStorage.getItem(REMEMBERED);
  } catch {
    return null;
  }
}

export function rememberScale(uuid: string): void {
  try {
    window.localStorage.setItem(REMEMBERED, uuid);
  } catch {
    // A browser that refuses storage picks again next time: nothing to lose.
  }
}

/** The remembered scale if the branch still has it, else the branch's only scale, else none. */
export function chosenScale(
  scales: readonly WeighingScale[],
  remembered: string | null,
): WeighingScale | null {
  return scales.find((s) => s.uuid === remembered) ?? (scales.length === 1 ? scales[0]! : null);
}

/**
 * The weighbridge's scale above the weighing form: which scale this PC weighs with, its weight
 * now (large: stable in green), and, for an officer allowed to, the switch to type a weight by hand instead.
 */
export function ScalePanel({
  scales,
  scale,
  live,
  typing,
  mayType,
  onChoose,
  onTyping,
}: {
  scales: readonly WeighingScale[];
  scale: WeighingScale | null;
  live: ScaleLive;
  typing: boolean;
  /** The officer's role may type a weight by hand (the branch's setting): else no switch. */
  mayType: boolean;
  onChoose: (uuid: string) => void;
  onTyping: (typing: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Flex gap={16} wrap align="center" justify="space-between">
        <Flex vertical gap={4} style={{ minWidth: 220 }}>
          <Typography.Text strong>
            <label htmlFor="weighing-scale">{t('weighing.scale.label')}</label>
          </Typography.Text>
          <Select<string>
            id="weighing-scale"
            value={scale?.uuid}
            placeholder={t('weighing.scale.choose')}
            options={scales.map((s) => ({
              value: s.uuid,
              label: s.station_name ? `${s.name} · ${s.station_name}` : s.name,
            }))}
            onChange={onChoose}
            style={{ width: 280, maxWidth: '100%' }}
          />
          {mayType && (
            <Flex gap={8} align="center" style={{ marginTop: 4 }}>
              <Switch size="small" checked={typing} onChange={onTyping} id="weighing-typing" />
              <label htmlFor="weighing-typing">{t('weighing.scale.typeByHand')}</label>
            </Flex>
          )}
        </Flex>
        {scale && !typing ? (
          <div style={{ flex: '1 1 320px' }}>
            <ScaleWeightDisplay live={live} name={scale.name} />
          </div>
        ) : (
          <Typography.Text type="secondary" style={{ flex: '1 1 320px', textAlign: 'center' }}>
            {scale ? t('weighing.scale.typingHint') : t('weighing.scale.chooseHint')}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
