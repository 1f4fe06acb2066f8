import { useMemo, useState } from 'react';
import { App, Button, Flex, Popconfirm, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OfficerRow } from '@truck-queue/shared/contracts/officer.contract';
import { mayManageOfficer } from '@truck-queue/shared/roles';
import { errorMessage } from '../../lib/errors.ts';
import { useAccess } from '../auth/api/use-access.ts';
import { ListCard, ListTable, matchesSearch } from '../../components/list-card.tsx';
import { useCancelOfficer } from './users/api/use-cancel-officer.ts';
import { useOfficers } from './users/api/use-officers.ts';
import { ChangePasswordDialog } from './users/components/change-password-dialog.tsx';
import { OfficerFormDialog, type OfficerFormTarget } from './users/components/officer-form-dialog.tsx';
import { RoleTags } from './users/components/role-tags.tsx';
import { rolesForDisplay } from './users/roles.ts';

function fullName(officer: OfficerRow): string {
  return `${officer.name} ${officer.lastname}`.trim();
}

/** /System/manageUser: officers, roles and passwords. */
export function ManageUserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const officers = useOfficers();
  const cancel = useCancelOfficer();
  const { data: access } = useAccess();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<OfficerFormTarget>(null);
  const [passwordFor, setPasswordFor] = useState<OfficerRow | null>(null);

  const rows = useMemo(() => officers.data ?? [], [officers.data]);
  const shown = useMemo(
    () =>
      rows.filter((row) =>
        matchesSearch(
          search,
          fullName(row),
          row.email,
          row.username,
          ...rolesForDisplay(row.roles).map((id) => t(`admin.roles.${id}`)),
        ),
      ),
    [rows, search, t],
  );
  const me = access?.officer.uuid;
  /** Only a SuperAdmin may change or delete a SuperAdmin or a branch-switching officer (roles.ts). */
  const mayManage = (row: OfficerRow) => mayManageOfficer(access?.officer.roles, row.roles);
  /** Why this row cannot be deleted, or null when it can. */
  const deleteBlocked = (row: OfficerRow): string | null =>
    row.uuid === me
      ? t('admin.users.cannotDeleteSelf')
      : !mayManage(row)
        ? t('admin.users.cannotDeleteGuarded')
        : null;

  const remove = (officer: OfficerRow) =>
    cancel.mutateAsync(officer.uuid).then(
      () => void message.success(t('admin.users.deleted')),
      (error: unknown) => void message.error(errorMessage(t, error)),
    );

  const columns: TableColumnsType<OfficerRow> = [
    {
      key: 'sequence',
      title: t('admin.users.columns.sequence'),
      width: 64,
      align: 'center',
      render: (_value, row) => shown.indexOf(row) + 1,
    },
    {
      key: 'name',
      title: t('admin.users.columns.name'),
      width: 190,
      render: (_value, row) => (
        <Flex align="center" gap={6} wrap>
          <Typography.Text strong>{fullName(row)}</Typography.Text>
          {row.uuid === me && (
            <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
              {t('admin.users.you')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'roles',
      title: t('admin.users.columns.roles'),
      dataIndex: 'roles',
      width: 190,
      render: (value: string) => <RoleTags roles={value} />,
    },
    {
      key: 'email',
      title: t('admin.users.columns.login'),
      ellipsis: true,
      // The e-mail and, under it, the username: either signs in.
      render: (_value, row) => (
        <Flex vertical>
          {row.email && <Typography.Text ellipsis>{row.email}</Typography.Text>}
          {row.username && (
            <Typography.Text
              type={row.email ? 'secondary' : undefined}
              ellipsis
              data-testid="officer-username"
            >
              <UserOutlined aria-label={t('admin.users.form.username')} /> {row.username}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('admin.users.columns.actions'),
      // The row's action stays in view however wide the table (an office PC's 1366 px).
      fixed: 'end',
      width: 330,
      render: (_value, row) => (
        <Flex gap={4} wrap>
          <Tooltip title={mayManage(row) ? undefined : t('admin.users.cannotChangeGuarded')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined aria-hidden />}
              disabled={!mayManage(row)}
              onClick={() => setEditing({ mode: 'edit', officer: row })}
            >
              {t('admin.users.edit')}
            </Button>
          </Tooltip>
          <Tooltip title={mayManage(row) ? undefined : t('admin.users.cannotChangeGuarded')}>
            <Button
              size="small"
              type="text"
              icon={<KeyOutlined aria-hidden />}
              disabled={!mayManage(row)}
              onClick={() => setPasswordFor(row)}
            >
              {t('admin.users.changePassword')}
            </Button>
          </Tooltip>
          {deleteBlocked(row) ? (
            <Tooltip title={deleteBlocked(row)}>
              <Button size="small" type="text" danger disabled icon={<DeleteOutlined aria-hidden />}>
                {t('admin.users.delete')}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('admin.users.deleteConfirmTitle', { name: fullName(row) })}
              description={t('admin.users.deleteConfirmText')}
              okText={t('admin.users.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => remove(row)}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                loading={cancel.isPending && cancel.variables === row.uuid}
              >
                {t('admin.users.delete')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ListCard
        title={t('admin.users.title')}
        count={officers.data ? shown.length : undefined}
        countLabel={(count) => t('admin.users.total', { n: count })}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('admin.users.search')}
        error={officers.isError ? errorMessage(t, officers.error) : null}
        retryLabel={t('admin.users.retry')}
        onRetry={() => void officers.refetch()}
        refreshing={officers.isFetching}
        action={
          <Button
            type="primary"
            icon={<UserAddOutlined aria-hidden />}
            onClick={() => setEditing({ mode: 'create' })}
          >
            {t('admin.users.add')}
          </Button>
        }
      >
        <ListTable<OfficerRow>
          columns={columns}
          rows={shown}
          loading={officers.isPending}
          failed={officers.isError}
          emptyText={search && rows.length > 0 ? t('admin.users.noMatch') : t('admin.users.empty')}
          scrollX={960}
        />
      </ListCard>
      <OfficerFormDialog target={editing} onClose={() => setEditing(null)} onPromoted={setPasswordFor} />
      <ChangePasswordDialog officer={passwordFor} onClose={() => setPasswordFor(null)} />
    </>
  );
}
