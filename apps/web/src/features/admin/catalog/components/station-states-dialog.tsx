import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Empty,
  Flex,
  Modal,
  Result,
  Row,
  Skeleton,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationRow } from '@truck-queue/shared/contracts/catalog.contract';
import { isFlowEngineId, isQueueState, stationTypeOfState } from '@truck-queue/shared/queue/queue-machine';
import { errorMessage } from '../../../../lib/errors.ts';
import { stationRoles } from '../catalog-rules.ts';
import { useManageStates } from '../api/use-manage-states.ts';
import { useStationStates } from '../api/use-station-states.ts';
import { FlowTag } from './flow-tag.tsx';
import { StationRoleTag, StationRoleTags } from './station-role-tags.tsx';

interface StationStatesDialogProps {
  open: boolean;
  station: StationRow | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Which flow states a station handles, grouped by flow; C makes it a call station, RC a recheck station. */
export function StationStatesDialog({ open, station, onClose, onSaved }: StationStatesDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('catalog.station.statesTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={640}
    >
      {station && <StateChecklist station={station} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function StateChecklist({
  station,
  onClose,
  onSaved,
}: {
  station: StationRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const states = useStationStates(station.id);
  const manage = useManageStates();
  const [chosen, setChosen] = useState<number[] | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const heading = (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Typography.Text strong>{station.name}</Typography.Text>
      <Alert
        type="info"
        showIcon
        title={
          <Flex vertical gap={6} style={{ fontSize: 14 }}>
            <span>
              <StationRoleTag type={1} /> {t('catalog.station.callExplained')}
            </span>
            <span>
              <StationRoleTag type={2} /> {t('catalog.station.recheckExplained')}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('catalog.station.assignNote')}
            </Typography.Text>
          </Flex>
        }
      />
    </Flex>
  );

  if (states.isPending || (states.isFetching && !states.isFetchedAfterMount)) {
    return (
      <>
        {heading}
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </>
    );
  }
  if (states.isError) {
    return (
      <Result
        status="error"
        title={t('catalog.station.statesLoadFailed')}
        subTitle={errorMessage(t, states.error)}
        extra={<Button onClick={() => void states.refetch()}>{t('catalog.common.retry')}</Button>}
      />
    );
  }

  const rows = states.data;
  if (rows.length === 0) {
    return (
      <>
        {heading}
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalog.station.noStatesAvailable')} />
      </>
    );
  }
  const selected = chosen ?? rows.filter((s) => s.selected).map((s) => s.id);
  const flows = [...new Set(rows.map((s) => s.fe_id))].sort((a, b) => a - b);
  const roles = stationRoles(
    rows
      .filter((s) => selected.includes(s.id))
      .map((s) => ({
        flowEngineId: isFlowEngineId(s.fe_id) ? s.fe_id : null,
        state: isQueueState(s.state) ? s.state : null,
      })),
  );

  const save = () => {
    if (manage.isPending) return;
    setFailure(null);
    manage.mutate(
      { id: station.id, flow_state: selected },
      { onSuccess: onSaved, onError: (error) => setFailure(errorMessage(t, error)) },
    );
  };

  return (
    <>
      {heading}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Checkbox.Group
        value={selected}
        onChange={(values) => setChosen(values)}
        style={{ display: 'block' }}
        aria-label={t('catalog.station.statesTitle')}
      >
        <Flex vertical gap={12}>
          {flows.map((flow) => {
            const flowRows = rows.filter((s) => s.fe_id === flow);
            return (
              <section
                key={flow}
                aria-label={isFlowEngineId(flow) ? t(`flowEngine.${flow}`) : flowRows[0]?.fe_name}
                style={{
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: 8,
                  padding: '10px 12px',
                }}
              >
                <div style={{ marginBottom: 8 }}>
                  {isFlowEngineId(flow) ? (
                    <FlowTag flowEngineId={flow} />
                  ) : (
                    <Typography.Text strong>{flowRows[0]?.fe_name}</Typography.Text>
                  )}
                </div>
                <Row gutter={[12, 8]}>
                  {flowRows.map((s) => {
                    const type = stationTypeOfState(s.state);
                    return (
                      <Col key={s.id} xs={24} sm={12}>
                        <Checkbox value={s.id}>
                          <Flex gap={6} align="center" wrap component="span">
                            {/* The state by its name in the admin's language, never by its code. */}
                            <span>{isQueueState(s.state) ? t(`queueState.${s.state}`) : s.state_name}</span>
                            {type !== null && <StationRoleTag type={type} />}
                          </Flex>
                        </Checkbox>
                      </Col>
                    );
                  })}
                </Row>
              </section>
            );
          })}
        </Flex>
      </Checkbox.Group>
      <Flex vertical gap={6} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">{t('catalog.station.afterSave')}</Typography.Text>
        <StationRoleTags roles={roles} noneText={t('catalog.station.noRoleAfterSave')} />
      </Flex>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 20 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" onClick={save} loading={manage.isPending}>
          {t('common.save')}
        </Button>
      </Flex>
    </>
  );
}
