import { Button, Card, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GradeRule } from '../reports/scorecards/grade-rule.tsx';
import { ScorecardDetail } from '../reports/scorecards/scorecard-detail.tsx';
import { useSupplierGradeLine, useSupplierScorecard } from './api/use-portal.ts';

/** LINE for the grade's changes: linked, or a code to send to the plant's account. */
function GradeLine({ token, linked }: { token: string; linked: boolean }) {
  const { t } = useTranslation();
  const link = useSupplierGradeLine(token);
  if (linked) return <Tag color="green">{t('reports.scorecards.lineLinked')}</Tag>;
  const made = link.data;
  return (
    <Flex vertical gap={8} data-testid="portal-grade-line">
      <Typography.Text type="secondary">{t('reports.scorecards.lineHint')}</Typography.Text>
      {made ? (
        <>
          <Typography.Text copyable strong>
            {made.code}
          </Typography.Text>
          {made.chat_url && (
            <Button type="primary" href={made.chat_url} target="_blank" rel="noreferrer">
              {t('reports.scorecards.lineOpen')}
            </Button>
          )}
        </>
      ) : (
        <Button loading={link.isPending} onClick={() => link.mutate()}>
          {t('reports.scorecards.lineLink')}
        </Button>
      )}
      {link.isError && <Typography.Text type="danger">{t('reports.scorecards.lineFailed')}</Typography.Text>}
    </Flex>
  );
}

/** "My scorecard" on the supplier's own page (issue 41): its row of the last 30 days, the grade and its rule. */
export function PortalScorecard({ token }: { token: string }) {
  const { t } = useTranslation();
  const scorecard = useSupplierScorecard(token);
  return (
    <Card size="small" title={t('reports.scorecards.mine')} data-testid="portal-scorecard">
      <Typography.Paragraph type="secondary">{t('reports.scorecards.mineHint')}</Typography.Paragraph>
      {scorecard.data ? (
        <Flex vertical gap={16}>
          <ScorecardDetail row={scorecard.data.row} />
          <GradeRule />
          <GradeLine token={token} linked={scorecard.data.line_linked} />
        </Flex>
      ) : scorecard.isError ? (
        <Typography.Text type="secondary">{t('supplierPortal.retry')}</Typography.Text>
      ) : (
        <Spin />
      )}
    </Card>
  );
}
