import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATION_TYPE, type StationType } from '@truck-queue/shared/queue/queue-machine';
import { toneColor } from '../../../../components/queue-state-tag.tsx';
import type { StationRole } from '../catalog-rules.ts';

/** A call station wears the colour of "called" (C), a recheck station that of "recheck" (RC). */
export const ROLE_COLOR = {
  [STATION_TYPE.call]: toneColor('called'),
  [STATION_TYPE.recheck]: toneColor('recheck'),
} as const satisfies Record<StationType, string>;

const ROLE_KEY = {
  [STATION_TYPE.call]: 'call',
  [STATION_TYPE.recheck]: 'recheck',
} as const satisfies Record<StationType, string>;

export function StationRoleTag({ type }: { type: StationType }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROLE_COLOR[type]} style={{ marginInlineEnd: 0 }}>
      {t(`catalog.station.role.${ROLE_KEY[type]}`)}
    </Tag>
  );
}

/** A weighbridge: where scales weigh (the Weighbridge controller pairs them with such stations). */
export function WeighbridgeTag() {
  const { t } = useTranslation();
  return (
    <Tag color="cyan" style={{ marginInlineEnd: 0 }}>
      {t('catalog.station.role.weighbridge')}
    </Tag>
  );
}

/**
 * What a station is: call and/or recheck station to the calling screens, and in which flows, and
 * a weighbridge.
 */
export function StationRoleTags({
  roles,
  weighbridge = false,
  noneText,
}: {
  roles: readonly StationRole[];
  weighbridge?: boolean;
  noneText: string;
}) {
  const { t } = useTranslation();
  if (roles.length === 0 && !weighbridge)
    return <Typography.Text type="secondary">{noneText}</Typography.Text>;
  return (
    <Flex vertical gap={6} align="flex-start">
      {weighbridge && <WeighbridgeTag />}
      {roles.map((role) => (
        <Flex key={role.type} vertical gap={2} align="flex-start">
          <StationRoleTag type={role.type} />
          {role.flows.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('catalog.station.inFlows', {
                flows: role.flows.map((flow) => t(`catalog.flowShort.${flow}`)).join(', '),
              })}
            </Typography.Text>
          )}
        </Flex>
      ))}
    </Flex>
  );
}
