import { useState } from 'react';
import { App, Dropdown, Spin, Tag, Tooltip } from 'antd';
import { ApartmentOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Branch } from '@truck-queue/shared/contracts/auth.contract';
import { useMainBranch } from '../../features/auth/api/use-main-branch.ts';
import { useUpdateBranch } from '../../features/auth/api/use-update-branch.ts';
import { errorMessage } from '../../lib/errors.ts';

interface BranchSwitcherProps {
  current: Branch;
  /** Role 1000: the badge opens a list of branches to switch to. */
  canSwitch: boolean;
}

/** The current branch as a badge; for officers who may switch, also the branch selector. */
export function BranchSwitcher({ current, canSwitch }: BranchSwitcherProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [opened, setOpened] = useState(false);
  const branches = useMainBranch(canSwitch && opened);
  const updateBranch = useUpdateBranch();

  const badge = (
    <Tag
      icon={<ApartmentOutlined />}
      color="blue"
      style={{ marginInlineEnd: 0, paddingBlock: 2, fontSize: 14, cursor: canSwitch ? 'pointer' : 'default' }}
    >
      {current.name}
      {canSwitch && (
        <span style={{ marginInlineStart: 6 }}>
          {updateBranch.isPending ? <Spin size="small" /> : <DownOutlined style={{ fontSize: 10 }} />}
        </span>
      )}
    </Tag>
  );

  if (!canSwitch) return <Tooltip title={t('shell.currentBranch')}>{badge}</Tooltip>;

  const choose = (branch: Branch) => {
    if (branch.id === current.id) return;
    updateBranch.mutate(branch, {
      onSuccess: () => window.location.reload(),
      onError: (error) => {
        // SPEC.md: a failed branch change is only logged; the officer still gets a short notice.
        console.error('Branch change failed', error);
        void message.error(t('shell.branchChangeFailed'));
      },
    });
  };

  const list = branches.data ?? [current];
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && setOpened(true)}
      disabled={updateBranch.isPending}
      menu={{
        selectable: true,
        selectedKeys: [String(current.id)],
        items: [
          { type: 'group', key: 'title', label: t('shell.switchBranch') },
          ...(branches.isLoading
            ? [{ key: 'loading', disabled: true, label: <Spin size="small" /> }]
            : list.map((branch) => ({ key: String(branch.id), label: branch.name }))),
          ...(branches.isError
            ? [{ key: 'error', disabled: true, danger: true, label: errorMessage(t, branches.error) }]
            : []),
        ],
        onClick: ({ key }) => {
          const branch = list.find((b) => String(b.id) === key);
          if (branch) choose(branch);
        },
      }}
    >
      <button type="button" className="tq-plain-button" aria-label={t('shell.switchBranch')}>
        {badge}
      </button>
    </Dropdown>
  );
}
