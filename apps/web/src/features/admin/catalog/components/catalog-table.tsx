import type { Key, ReactNode } from 'react';
import { Button, Flex, Grid, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ListEmpty, PAGE_SIZE } from './catalog-list-card.tsx';

/** How a list lays out: full table, table with icon-only actions, or one stacked block per row (phones). */
export type ListLayout = 'wide' | 'compact' | 'narrow';

export function useListLayout(): ListLayout {
  const screens = Grid.useBreakpoint();
  if (!screens.sm) return 'narrow';
  return screens.lg ? 'wide' : 'compact';
}

interface ActionButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  /** Icon only (the label becomes its tooltip and accessible name). */
  iconOnly: boolean;
}

export function ActionButton({ label, icon, onClick, danger = false, iconOnly }: ActionButtonProps) {
  if (iconOnly) {
    return (
      <Tooltip title={label}>
        <Button icon={icon} onClick={onClick} danger={danger} aria-label={label} />
      </Tooltip>
    );
  }
  return (
    <Button icon={icon} onClick={onClick} danger={danger}>
      {label}
    </Button>
  );
}

/** One row on a phone: its title, labelled lines, then its actions. */
export function StackedRow({
  title,
  lines,
  actions,
}: {
  title: ReactNode;
  lines: { label: string; content: ReactNode }[];
  actions: ReactNode;
}) {
  return (
    <Flex vertical gap={8}>
      {title}
      {lines.map((line) => (
        <Flex key={line.label} vertical gap={2}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {line.label}
          </Typography.Text>
          <div>{line.content}</div>
        </Flex>
      ))}
      <Flex gap={8} wrap>
        {actions}
      </Flex>
    </Flex>
  );
}

interface CatalogTableProps<T> {
  layout: ListLayout;
  rowKey: (row: T) => Key;
  columns: TableColumnsType<T>;
  /** The whole row as one stacked block, for phones. */
  renderNarrow: (row: T) => ReactNode;
  /** Rows after the search. */
  rows: readonly T[];
  /** Whether the branch has rows at all (an empty search result is not an empty list). */
  hasRows: boolean;
  searching: boolean;
  loading: boolean;
  failed: boolean;
  /** The width from which the table scrolls sideways. */
  scrollX: number;
  emptyText: string;
  addLabel: string;
  onAdd: () => void;
}

/** A data-management table: paged past PAGE_SIZE rows, stacked on a phone, with an empty state that says why. */
export function CatalogTable<T extends object>({
  layout,
  rowKey,
  columns,
  renderNarrow,
  rows,
  hasRows,
  searching,
  loading,
  failed,
  scrollX,
  emptyText,
  addLabel,
  onAdd,
}: CatalogTableProps<T>) {
  const narrow = layout === 'narrow';
  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      showHeader={!narrow}
      columns={narrow ? [{ key: 'row', render: (_value, row) => renderNarrow(row) }] : columns}
      dataSource={rows}
      loading={loading}
      scroll={narrow ? undefined : { x: scrollX }}
      pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
      locale={{
        emptyText: (
          <ListEmpty
            loading={loading}
            failed={failed}
            noMatch={searching && hasRows}
            emptyText={emptyText}
            addLabel={addLabel}
            onAdd={onAdd}
          />
        ),
      }}
    />
  );
}
