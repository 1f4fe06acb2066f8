import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** A report's heading and what sits beside it; both wrap on a narrow screen instead of being cut. */
export function ResultHeading({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
