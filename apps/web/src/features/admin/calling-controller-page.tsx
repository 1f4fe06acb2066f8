import { useMemo, useState } from 'react';
import { App, Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallingRow } from '@truck-queue/shared/contracts/controller.contract';
import { ListCard, ListTable, matchesSearch } from '../../components/list-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { RoleTags } from './users/components/role-tags.tsx';
import { useCallingAssign } from './controllers/api/use-calling-assign.ts';
import { callingChoicesQueryOptions, type CallingAssignment } from './controllers/api/use-calling-choices.ts';
import { useCallingOfficers } from './controllers/api/use-calling-officers.ts';
import { useCallingUnassign } from './controllers/api/use-calling-unassign.ts';
import { useSaveStation } from './catalog/api/use-save-station.ts';
import { AssignmentTags, type AssignmentTexts } from './controllers/components/assignment-tags.tsx';
import { ChoiceDialog, type ChoiceTexts } from './controllers/components/choice-dialog.tsx';
import { useRetained } from './controllers/components/use-retained.ts';

interface DialogTarget {
  what: CallingAssignment;
  officer: CallingRow;
}

function fullName(officer: Pick<CallingRow, 'name' | 'lastname'>): string {
  return `${officer.name} ${officer.lastname}`.trim();
}

/** /System/calling: which officer calls which queue types at which stations. */
export function CallingControllerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const officers = useCallingOfficers();
  const assign = useCallingAssign();
  const unassign = useCallingUnassign();
  const createStation = useSaveStation();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const shownDialog = useRetained(dialog);

  const rows = useMemo(() => officers.data ?? [], [officers.data]);
  const shown = useMemo(
    () =>
      rows.filter((row) =>
        matchesSearch(
          search,
          fullName(row),
          row.email,
          row.username,
          ...row.aQTCtrl.map((q) => q.queue_type_name),
          ...row.aStationCtrl.map((s) => s.name),
        ),
      ),
    [rows, search],
  );

  const openDialog = (target: DialogTarget) => {
    assign.reset();
    setDialog(target);
  };

  const tagTexts = (what: CallingAssignment, officer: CallingRow): AssignmentTexts => {
    const name = fullName(officer);
    const section = what === 'queueType' ? 'queueTypes' : 'stations';
    return {
      none: t(`admin.callingController.${section}.none`),
      manage: t(`admin.callingController.${section}.manage`),
      removeLabel: (item) => t(`admin.callingController.${section}.removeLabel`, { item, name }),
      confirmTitle: (item) => t(`admin.callingController.${section}.removeTitle`, { item, name }),
      confirmText: t(`admin.callingController.${section}.removeText`, { name }),
      confirmOk: t('admin.callingController.remove'),
      removed: t('admin.callingController.removed'),
    };
  };

  const choiceTexts = (what: CallingAssignment): ChoiceTexts => {
    const section = what === 'queueType' ? 'queueTypes' : 'stations';
    return {
      hint: t(`admin.callingController.${section}.dialogHint`),
      selectAll: t('admin.callingController.selectAll'),
      selectedCount: (selected, total) => t('admin.callingController.selectedCount', { selected, total }),
      loadFailed: t(`admin.callingController.${section}.loadFailed`),
      empty: t(`admin.callingController.${section}.empty`),
      emptyLink:
        what === 'queueType'
          ? { to: '/System/defineQueue', label: t('admin.callingController.queueTypes.emptyLink') }
          : { to: '/System/station', label: t('admin.callingController.stations.emptyLink') },
    };
  };

  const columns: TableColumnsType<CallingRow> = [
    {
      key: 'name',
      title: t('admin.callingController.columns.name'),
      width: 220,
      render: (_value, row) => (
        <Flex vertical gap={4} align="flex-start">
          <Typography.Text strong>{fullName(row)}</Typography.Text>
          <RoleTags roles={row.roles} />
        </Flex>
      ),
    },
    {
      key: 'email',
      title: t('admin.callingController.columns.email'),
      width: 220,
      ellipsis: true,
      // An officer without an e-mail is known by the username they sign in with.
      render: (_value, row) => row.email || row.username,
    },
    {
      key: 'queueTypes',
      title: t('admin.callingController.columns.queueTypes'),
      render: (_value, row) => (
        <AssignmentTags
          items={row.aQTCtrl.map((q) => ({ id: q.id, name: q.queue_type_name }))}
          texts={tagTexts('queueType', row)}
          onRemove={(item) => unassign.mutateAsync({ what: 'queueType', assignmentId: item.id })}
          onManage={() => openDialog({ what: 'queueType', officer: row })}
        />
      ),
    },
    {
      key: 'stations',
      title: t('admin.callingController.columns.stations'),
      render: (_value, row) => (
        <AssignmentTags
          items={row.aStationCtrl.map((s) => ({ id: s.id, name: s.name }))}
          texts={tagTexts('station', row)}
          onRemove={(item) => unassign.mutateAsync({ what: 'station', assignmentId: item.id })}
          onManage={() => openDialog({ what: 'station', officer: row })}
        />
      ),
    },
  ];

  const save = (ids: number[]) => {
    if (!dialog || assign.isPending) return;
    assign.mutate(
      { what: dialog.what, officerId: dialog.officer.id, ids },
      {
        onSuccess: () => {
          void message.success(t('admin.callingController.saved'));
          setDialog(null);
        },
      },
    );
  };

  return (
    <>
      <ListCard
        title={t('admin.callingController.title')}
        count={officers.data ? shown.length : undefined}
        countLabel={(count) => t('admin.callingController.total', { n: count })}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('admin.callingController.search')}
        error={officers.isError ? errorMessage(t, officers.error) : null}
        retryLabel={t('admin.callingController.retry')}
        onRetry={() => void officers.refetch()}
        refreshing={officers.isFetching}
      >
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          {t('admin.callingController.intro')}
        </Typography.Paragraph>
        <ListTable<CallingRow>
          columns={columns}
          rows={shown}
          loading={officers.isPending}
          failed={officers.isError}
          emptyText={
            search && rows.length > 0
              ? t('admin.callingController.noMatch')
              : t('admin.callingController.empty')
          }
          // Fits the 989 px a 1366 px window leaves it, so no column hides at the side: with the
          // header sticking, antd shows no sideways scrollbar while the whole table is in view
          // (at 1,000 px the stations' last 11 px could not be reached). Narrower, it scrolls,
          // its scrollbar at the window's foot.
          scrollX={960}
          sticky
        />
      </ListCard>
      <ChoiceDialog
        open={dialog !== null}
        choices={shownDialog ? callingChoicesQueryOptions(shownDialog.what, shownDialog.officer.id) : null}
        title={
          shownDialog
            ? t(
                shownDialog.what === 'queueType'
                  ? 'admin.callingController.queueTypes.dialogTitle'
                  : 'admin.callingController.stations.dialogTitle',
                { name: fullName(shownDialog.officer) },
              )
            : null
        }
        texts={choiceTexts(shownDialog?.what ?? 'queueType')}
        // A station the branch does not have yet is created here (the station page's save).
        quickAdd={
          shownDialog?.what === 'station'
            ? {
                texts: {
                  open: t('catalog.station.quickAdd'),
                  label: t('catalog.station.name'),
                  placeholder: t('catalog.station.namePlaceholder'),
                  required: t('catalog.station.nameRequired'),
                  hint: t('catalog.station.quickAddHint'),
                },
                create: (name) => createStation.mutateAsync({ name }).then((r) => r.station.id),
              }
            : undefined
        }
        saving={assign.isPending}
        saveError={assign.error}
        onSave={save}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
