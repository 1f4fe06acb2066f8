import type { ReactNode } from 'react';
import { Card, Empty, Grid, Skeleton, Typography } from 'antd';

interface ChartCardProps {
  testId: string;
  title: string;
  subtitle?: string;
  /** False while the first load runs. */
  loaded: boolean;
  /** The text of the empty state, or null when there is something to draw. */
  empty: string | null;
  children: ReactNode;
}

/** A chart's frame: title, a skeleton on first load, and a friendly empty state, never a blank chart. */
export function ChartCard({ testId, title, subtitle, loaded, empty, children }: ChartCardProps) {
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Card
      data-testid={testId}
      size={phone ? 'small' : 'default'}
      title={
        <div style={{ paddingBlock: phone ? 8 : 12, whiteSpace: 'normal' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
              {subtitle}
            </Typography.Text>
          )}
        </div>
      }
      style={{ height: '100%' }}
    >
      {!loaded ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ paddingBlock: 32 }} />
      ) : (
        children
      )}
    </Card>
  );
}
