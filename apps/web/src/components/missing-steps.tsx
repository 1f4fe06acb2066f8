import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UnfinishedStep } from '@truck-queue/shared/contracts/api';
import { unfinishedStepKeys } from '../lib/unfinished-steps.ts';

/**
 * What a confirm dialog says a truck has not done (the gate's UNFINISHED_EXIT, the weighbridge's
 * OUT_OF_ORDER): a heading line, each missing step in the order the work goes, and what
 * confirming will record.
 */
export function MissingSteps({
  missing,
  intro,
  warning,
  heading,
  testId,
}: {
  missing: readonly UnfinishedStep[];
  intro: string;
  warning: string;
  /** Above the intro: the licence of a truck the officer picked among several. */
  heading?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid={testId}>
      {heading}
      <Typography.Text>{intro}</Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {unfinishedStepKeys(missing).map((key) => (
          <li key={key}>
            <Typography.Text strong>{t(key)}</Typography.Text>
          </li>
        ))}
      </ul>
      <Typography.Text type="secondary">{warning}</Typography.Text>
    </Flex>
  );
}
