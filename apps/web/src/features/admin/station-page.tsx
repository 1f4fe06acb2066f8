import { useMemo, useState } from 'react';
import { App, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StationRow } from '@truck-queue/shared/contracts/catalog.contract';
import { stationTypeOfState } from '@truck-queue/shared/queue/queue-machine';
import { errorMessage } from '../../lib/errors.ts';
import { stateColor } from '../../components/queue-state-tag.tsx';
import { useDeleteStationState } from './catalog/api/use-delete-station-state.ts';
import { useSaveStation } from './catalog/api/use-save-station.ts';
import { useFlowStates } from './catalog/api/use-station-states.ts';
import { useStations } from './catalog/api/use-stations.ts';
import { handledStates, stationRoles, type HandledState } from './catalog/catalog-rules.ts';
import { CatalogListCard, matchesSearch } from './catalog/components/catalog-list-card.tsx';
import {
  ActionButton,
  CatalogTable,
  StackedRow,
  useListLayout,
} from './catalog/components/catalog-table.tsx';
import { NameDialog } from './catalog/components/name-dialog.tsx';
import { StationRoleTags } from './catalog/components/station-role-tags.tsx';
import { StationStatesDialog } from './catalog/components/station-states-dialog.tsx';
import { useSavedMessage } from './catalog/components/use-catalog-feedback.ts';
import { useDialog } from './catalog/components/use-dialog.ts';

interface StationView {
  station: StationRow;
  states: HandledState[];
  /** Each state as "flow · state" in the admin's language, by susId. */
  labels: Map<number, string>;
}

function stateLabel(t: TFunction, state: HandledState): string {
  const flow = state.flowEngineId ? t(`catalog.flowShort.${state.flowEngineId}`) : state.flowName;
  const name = state.state ? t(`queueState.${state.state}`) : state.stateName;
  return `${flow} · ${name}`;
}

/** /System/station: stations and the flow states they handle. */
export function StationPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const layout = useListLayout();
  const query = useStations();
  const flowStates = useFlowStates(query.data?.[0]?.id);
  const save = useSaveStation();
  const removeState = useDeleteStationState();
  const saved = useSavedMessage();
  const [search, setSearch] = useState('');
  const editor = useDialog<StationRow | undefined>();
  const statesDialog = useDialog<StationRow>();

  const views = useMemo(
    () =>
      (query.data ?? []).map((station): StationView => {
        const states = handledStates(station, flowStates.data);
        return { station, states, labels: new Map(states.map((s) => [s.susId, stateLabel(t, s)])) };
      }),
    [query.data, flowStates.data, t],
  );

  const shown = useMemo(
    () => views.filter((view) => matchesSearch(search, view.station.name, ...view.labels.values())),
    [views, search],
  );

  const confirmRemoveState = ({ station, states }: StationView, state: HandledState, label: string) => {
    const type = state.state ? stationTypeOfState(state.state) : null;
    // Removing its last C (or RC) of a flow takes the station off that flow's call (or recheck) list.
    const lastOfItsKind =
      type !== null &&
      !states.some(
        (other) =>
          other.susId !== state.susId &&
          other.state === state.state &&
          other.flowEngineId === state.flowEngineId,
      );
    modal.confirm({
      title: t('catalog.station.removeStateTitle'),
      content: (
        <Flex vertical gap={8}>
          <span>{t('catalog.station.removeStateText', { station: station.name, state: label })}</span>
          {lastOfItsKind && (
            <Typography.Text type="warning">
              {type === 1
                ? t('catalog.station.removeCallWarning')
                : t('catalog.station.removeRecheckWarning')}
            </Typography.Text>
          )}
        </Flex>
      ),
      okText: t('catalog.station.removeState'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        removeState
          .mutateAsync({ id: state.susId })
          .then(() => void message.success(t('catalog.common.saved')))
          .catch((error: unknown) => {
            void message.error(errorMessage(t, error));
          }),
    });
  };

  const name = (view: StationView) => <Typography.Text strong>{view.station.name}</Typography.Text>;

  const role = (view: StationView) => (
    <StationRoleTags
      roles={stationRoles(view.states)}
      weighbridge={view.station.weighbridge}
      noneText={t('catalog.station.noRole')}
    />
  );

  const states = (view: StationView) =>
    view.states.length === 0 ? (
      <Typography.Text type="secondary">{t('catalog.station.noStates')}</Typography.Text>
    ) : (
      <Flex wrap gap={6}>
        {view.states.map((state) => {
          const label = view.labels.get(state.susId) ?? '';
          return (
            <Tag
              key={state.susId}
              color={state.state ? stateColor(state.state) : undefined}
              style={{ marginInlineEnd: 0 }}
              closable={{ 'aria-label': t('catalog.station.removeStateLabel', { state: label }) }}
              onClose={(event) => {
                event.preventDefault();
                confirmRemoveState(view, state, label);
              }}
            >
              {label}
            </Tag>
          );
        })}
      </Flex>
    );

  const actions = (view: StationView) => {
    const iconOnly = layout === 'compact';
    return (
      <>
        <ActionButton
          label={t('catalog.station.manageStates')}
          icon={<NodeIndexOutlined aria-hidden />}
          onClick={() => statesDialog.show(view.station)}
          iconOnly={iconOnly}
        />
        <ActionButton
          label={t('catalog.station.rename')}
          icon={<EditOutlined aria-hidden />}
          onClick={() => editor.show(view.station)}
          iconOnly={iconOnly}
        />
      </>
    );
  };

  const columns: TableColumnsType<StationView> = [
    { key: 'name', title: t('catalog.station.columns.name'), width: 220, render: (_v, view) => name(view) },
    { key: 'role', title: t('catalog.station.columns.role'), width: 190, render: (_v, view) => role(view) },
    { key: 'states', title: t('catalog.station.columns.states'), render: (_v, view) => states(view) },
    {
      key: 'actions',
      title: t('catalog.common.actions'),
      // The row's action stays in view however wide the table (an office PC's 1366 px).
      fixed: 'end',
      width: layout === 'wide' ? 300 : 110,
      render: (_value, view) => (
        <Flex gap={8} wrap>
          {actions(view)}
        </Flex>
      ),
    },
  ];

  const add = () => editor.show(undefined);
  const editing = editor.subject;
  const rows = query.data ?? [];

  return (
    <>
      <CatalogListCard
        title={t('catalog.station.title')}
        description={t('catalog.station.description')}
        count={query.data ? shown.length : undefined}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('catalog.station.search')}
        addLabel={t('catalog.station.add')}
        onAdd={add}
        query={query}
        loadFailedTitle={t('catalog.station.loadFailed')}
      >
        <CatalogTable<StationView>
          layout={layout}
          rowKey={(view) => view.station.uuid}
          columns={columns}
          renderNarrow={(view) => (
            <StackedRow
              title={
                <Flex vertical gap={4}>
                  {name(view)}
                  {role(view)}
                </Flex>
              }
              lines={[{ label: t('catalog.station.columns.states'), content: states(view) }]}
              actions={actions(view)}
            />
          )}
          rows={shown}
          hasRows={rows.length > 0}
          searching={search !== ''}
          loading={query.isPending}
          failed={query.isError}
          scrollX={layout === 'wide' ? 960 : 760}
          emptyText={t('catalog.station.empty')}
          addLabel={t('catalog.station.add')}
          onAdd={add}
        />
      </CatalogListCard>

      <NameDialog
        key={editing?.uuid ?? 'new'}
        open={editor.open}
        texts={{
          title: editing ? t('catalog.station.editTitle') : t('catalog.station.addTitle'),
          label: t('catalog.station.name'),
          placeholder: t('catalog.station.namePlaceholder'),
          required: t('catalog.station.nameRequired'),
          hint: editing ? undefined : t('catalog.station.addHint'),
        }}
        initialName={editing?.name}
        otherNames={rows.filter((row) => row.uuid !== editing?.uuid).map((row) => row.name)}
        saving={save.isPending}
        flag={{
          label: t('catalog.station.weighbridge'),
          hint: t('catalog.station.weighbridgeHint'),
          initial: editing?.weighbridge ?? false,
        }}
        onSave={(name, weighbridge) =>
          save
            .mutateAsync(editing ? { uuid: editing.uuid, name, weighbridge } : { name, weighbridge })
            .then(() => {
              saved();
              editor.hide();
            })
        }
        onClose={editor.hide}
      />
      <StationStatesDialog
        open={statesDialog.open}
        station={statesDialog.subject}
        onClose={statesDialog.hide}
        onSaved={() => {
          saved();
          statesDialog.hide();
        }}
      />
    </>
  );
}
