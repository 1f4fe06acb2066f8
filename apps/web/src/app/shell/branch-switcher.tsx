import { useState, type CSSProperties } from 'react';
import { App, Dropdown, Spin, Tag, Tooltip } from 'antd';
import { ApartmentOutlined, DownOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Branch } from '@truck-queue/shared/contracts/auth.contract';
import { useMainBranch } from '../../features/auth/api/use-main-branch.ts';
import { useUpdateBranch } from '../../features/auth/api/use-update-branch.ts';
import { errorMessage } from '../../lib/errors.ts';

interface BranchSwitcherProps {
  current: Branch;
  /** Role 1000: the badge opens a list of branches to switch to. */
  canSwitch: boolean;
  /** A narrow screen: only the icon, the branch name in a tooltip and the accessible name. */
  compact?: boolean;
  /** On a dark or coloured top bar: a translucent white pill with white text. */
  inverted?: boolean;
}

const INVERTED_BADGE: CSSProperties = {
  background: 'rgba(255, 255, 255, 0.18)',
  borderColor: 'transparent',
  color: '#fff',
};

/** The current branch as a badge; for officers who may switch, also the branch selector. */
export function BranchSwitcher({
  current,
  canSwitch,
  compact = false,
  inverted = false,
}: BranchSwitcherProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [opened, setOpened] = useState(false);
  const branches = useMainBranch(canSwitch && opened);
  const updateBranch = useUpdateBranch();
  const pending = updateBranch.isPending;

  const badge = (label?: string) => (
    <Tag
      icon={compact && pending ? <LoadingOutlined /> : <ApartmentOutlined />}
      color={inverted ? undefined : 'blue'}
      {...(label ? { role: 'img', 'aria-label': label } : {})}
      style={{
        marginInlineEnd: 0,
        paddingBlock: 2,
        paddingInline: compact ? 7 : undefined,
        fontSize: 14,
        cursor: canSwitch ? 'pointer' : 'default',
        ...(inverted ? INVERTED_BADGE : {}),
      }}
    >
      {compact ? null : (
        <>
          {current.name}
          {canSwitch && (
            <span style={{ marginInlineStart: 6 }}>
              {pending ? <LoadingOutlined /> : <DownOutlined style={{ fontSize: 10 }} />}
            </span>
          )}
        </>
      )}
    </Tag>
  );

  if (!canSwitch) {
    const label = `${t('shell.currentBranch')}: ${current.name}`;
    return compact ? (
      <Tooltip title={label}>{badge(label)}</Tooltip>
    ) : (
      <Tooltip title={t('shell.currentBranch')}>{badge()}</Tooltip>
    );
  }

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
  const trigger = (
    <button
      type="button"
      className="tq-plain-button"
      aria-label={`${t('shell.switchBranch')}: ${current.name}`}
      style={{ display: 'inline-flex' }}
    >
      {badge()}
    </button>
  );
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && setOpened(true)}
      disabled={pending}
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
      {compact ? <Tooltip title={current.name}>{trigger}</Tooltip> : trigger}
    </Dropdown>
  );
}
