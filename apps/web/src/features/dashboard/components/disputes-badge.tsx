import { Badge, Button } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePendingDisputes } from '../../admin/disputes/use-disputes.ts';

const DISPUTES_PATH = '/System/disputes';

/**
 * The drivers' disputes that wait for an answer, for the officers who answer them: a link to the
 * disputes page with the count; nothing when none waits (or for other roles).
 */
export function DisputesBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingDisputes();
  if (!pending) return null;
  return (
    <Button
      href={DISPUTES_PATH}
      onClick={(event) => {
        event.preventDefault();
        void navigate(DISPUTES_PATH);
      }}
      size="small"
      danger
      icon={<ExclamationCircleOutlined aria-hidden />}
      data-testid="dashboard-disputes"
    >
      {t('dashboard.disputes.waiting')}
      <Badge count={pending} overflowCount={99} />
    </Button>
  );
}
