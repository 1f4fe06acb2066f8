import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { Card, Flex, Form, Typography } from 'antd';
import { LastResult, type LastScan } from './station-feedback.tsx';

/** An @ant-design/icons icon, drawn before the title. */
export type CounterIcon = ComponentType<{ 'aria-hidden'?: boolean; style?: CSSProperties }>;

interface CounterFormCardProps {
  icon: CounterIcon;
  title: string;
  hint: string;
  /** The outcome of the last scan, shown under the fields. */
  last: LastScan | null;
  /** The fields and buttons, laid out vertically by antd's Form. */
  children: ReactNode;
}

/**
 * The scan form of the lab, weighbridge and gate screens: an icon and title with a hint under it,
 * the page's fields and buttons, and the outcome of the last scan.
 */
export function CounterFormCard({ icon: Icon, title, hint, last, children }: CounterFormCardProps) {
  return (
    <Card>
      <Flex vertical gap={16}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            <Icon aria-hidden style={{ marginInlineEnd: 8 }} />
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </div>
        <Form layout="vertical" component="div">
          {children}
        </Form>
        <LastResult text={last?.text ?? null} detail={last?.detail} tone={last?.tone} action={last?.action} />
      </Flex>
    </Card>
  );
}
