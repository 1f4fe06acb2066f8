import { useState } from 'react';
import { Alert, App, Button, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { BranchOverview } from '@truck-queue/shared/contracts/branches-overview.contract';
import { useDates } from '../../lib/calendar-context.tsx';
import { config } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useSocketConnected } from '../../lib/socket.ts';
import { useUpdateBranch } from '../auth/api/use-update-branch.ts';
import { useBranchesOverview } from './api/use-branches-overview.ts';
import { BranchCard } from './components/branch-card.tsx';

const DASHBOARD_PATH = '/System/dashboard';

/**
 * /System/branches (issue 41): every branch the officer holds at a glance, live. A branch's
 * button goes into it: the session switches to it (as the branch switcher does) and its
 * dashboard opens; the officer's current branch opens its dashboard at once.
 */
export function BranchesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dates = useDates();
  const navigate = useNavigate();
  const live = useSocketConnected();
  const query = useBranchesOverview();
  const updateBranch = useUpdateBranch();
  const [opening, setOpening] = useState<number | null>(null);
  const list = query.data?.branches;

  const open = (branch: BranchOverview) => {
    if (branch.current) {
      void navigate(DASHBOARD_PATH);
      return;
    }
    setOpening(branch.branch_id);
    updateBranch.mutate(
      { id: branch.branch_id, name: branch.name },
      {
        // The whole app follows the session's branch: load it afresh there, as the switcher does.
        onSuccess: () => window.location.assign(DASHBOARD_PATH),
        onError: (error) => {
          setOpening(null);
          void message.error(t('branches.openFailed', { reason: errorMessage(t, error) }));
        },
      },
    );
  };

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text type="secondary" data-testid="branches-updated">
          {list === undefined
            ? t('branches.loading')
            : t('branches.summary', {
                count: list.length,
                at: dates.siteDateTime(query.data?.at, config.siteTimeZone),
              })}
          {' · '}
          {live ? t('branches.live') : t('branches.polling')}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
          aria-label={t('branches.reload')}
        >
          {t('branches.reload')}
        </Button>
      </Flex>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('branches.retry')}
            </Button>
          }
        />
      )}
      {list === undefined ? (
        query.isError ? null : (
          <Skeleton active />
        )
      ) : list.length === 0 ? (
        <Empty description={t('branches.none')} />
      ) : (
        <Row gutter={[16, 16]} data-testid="branches-grid">
          {list.map((branch) => (
            <Col key={branch.branch_id} xs={24} md={12} xxl={8}>
              <BranchCard
                branch={branch}
                onOpen={open}
                opening={opening === branch.branch_id}
                disabled={opening !== null}
              />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
