import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { Card, Col, Grid, Row, Statistic, Typography, theme } from 'antd';
import { CheckCircleOutlined, FieldTimeOutlined, OrderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardReport } from '../dashboard-series.ts';

interface CounterProps {
  testId: string;
  icon: ComponentType<{ style?: CSSProperties }>;
  color: string;
  title: string;
  value: number | undefined;
  hint: ReactNode;
}

function Counter({ testId, icon: Icon, color, title, value, hint }: CounterProps) {
  const { token } = theme.useToken();
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Card
      data-testid={testId}
      style={{ height: '100%' }}
      styles={{ body: { padding: phone ? token.paddingSM : token.paddingMD } }}
    >
      <div style={{ display: 'flex', gap: token.marginSM, alignItems: 'flex-start' }}>
        <span
          aria-hidden
          style={{
            display: 'grid',
            placeItems: 'center',
            width: 44,
            height: 44,
            flex: 'none',
            borderRadius: token.borderRadiusLG,
            background: `color-mix(in srgb, ${color} 14%, transparent)`,
          }}
        >
          <Icon style={{ fontSize: 22, color }} />
        </span>
        <div style={{ minWidth: 0 }}>
          <Statistic
            title={title}
            value={value ?? '-'}
            loading={value === undefined}
            styles={{ content: { fontWeight: 600 } }}
          />
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {hint}
          </Typography.Text>
        </div>
      </div>
    </Card>
  );
}

function share(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/**
 * Total queues of the period, those still inside the factory and those that left; under the
 * total, the voided tickets and cancelled no-shows, which count apart.
 */
export function Counters({ overall }: { overall: DashboardReport['dataOverall'] | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const total = overall?.total ?? 0;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={8}>
        <Counter
          testId="counter-total"
          icon={OrderedListOutlined}
          color={token.colorPrimary}
          title={t('dashboard.counters.total')}
          value={overall?.total}
          hint={
            <>
              {t('dashboard.counters.totalHint')}
              {/* Voided tickets and cancelled no-shows count apart, said only when there are any. */}
              {overall && (overall.voided > 0 || overall.no_show > 0) && (
                <span data-testid="counted-apart" style={{ display: 'block' }}>
                  {t('dashboard.counters.apart', { voided: overall.voided, noShow: overall.no_show })}
                </span>
              )}
            </>
          }
        />
      </Col>
      <Col xs={24} sm={8}>
        <Counter
          testId="counter-waiting"
          icon={FieldTimeOutlined}
          color={token.colorWarning}
          title={t('dashboard.counters.waiting')}
          value={overall?.waiting}
          hint={t('dashboard.counters.waitingHint')}
        />
      </Col>
      <Col xs={24} sm={8}>
        <Counter
          testId="counter-completed"
          icon={CheckCircleOutlined}
          color={token.colorSuccess}
          title={t('dashboard.counters.completed')}
          value={overall?.completed}
          hint={t('dashboard.counters.completedHint', { percent: share(overall?.completed ?? 0, total) })}
        />
      </Col>
    </Row>
  );
}
