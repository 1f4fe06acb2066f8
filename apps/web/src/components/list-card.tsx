import type { CSSProperties, ReactNode } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useStickyTable } from '../lib/use-fitted-table.ts';

/**
 * How the search box, reload and the action sit beside the title:
 * - `wrapping`: pushed to the right, up to 300px of search, and the controls wrap among themselves;
 * - `single-line`: one line of at most 380px, the search box taking what the reload leaves.
 */
export type ListCardToolbar = 'wrapping' | 'single-line';

interface ListCardProps {
  title: string;
  /** Rows shown after the search, or undefined while the first load runs. */
  count: number | undefined;
  countLabel: (count: number) => string;
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder: string;
  /** The translated failure of the last load, if it failed. */
  error: string | null;
  retryLabel: string;
  onRetry: () => void;
  refreshing: boolean;
  /** The add button, if the list has one; it follows the reload button. */
  action?: ReactNode;
  /** `wrapping` unless told. */
  toolbar?: ListCardToolbar;
  children: ReactNode;
}

const TOOLBAR_STYLES: Record<ListCardToolbar, { bar: CSSProperties; search: CSSProperties }> = {
  wrapping: {
    bar: { flex: '1 1 320px', justifyContent: 'flex-end', minWidth: 0 },
    search: { flex: '1 1 200px', maxWidth: 300, minWidth: 0 },
  },
  'single-line': {
    bar: { flex: '1 1 220px', maxWidth: 380, minWidth: 0 },
    search: { flex: 1, minWidth: 0 },
  },
};

/**
 * The frame of a list: title and row count, search, reload and an optional action (they wrap
 * under the title on a narrow screen), and the load failure with a retry.
 */
export function ListCard({
  title,
  count,
  countLabel,
  search,
  onSearch,
  searchPlaceholder,
  error,
  retryLabel,
  onRetry,
  refreshing,
  action,
  toolbar = 'wrapping',
  children,
}: ListCardProps) {
  const styles = TOOLBAR_STYLES[toolbar];
  return (
    <Card>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {count !== undefined && <Tag style={{ marginInlineEnd: 0 }}>{countLabel(count)}</Tag>}
        </Flex>
        <Flex gap={8} align="center" wrap={toolbar === 'wrapping'} style={styles.bar}>
          <Input
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            style={styles.search}
          />
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={onRetry}
            loading={refreshing}
            aria-label={retryLabel}
            title={retryLabel}
          />
          {action}
        </Flex>
      </Flex>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          action={
            <Button size="small" onClick={onRetry}>
              {retryLabel}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {children}
    </Card>
  );
}

/** The table's empty area: blank while loading or after a failed load (the alert says why), else `text`. */
function ListEmpty({ loading, failed, text }: { loading: boolean; failed: boolean; text: string }) {
  if (loading) return <div style={{ minHeight: 120 }} />;
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? null : text} />;
}

/** Rows of a list past which it pages. */
const PAGE_SIZE = 20;

interface ListTableProps<T> {
  columns: TableColumnsType<T>;
  /** The rows the search leaves. */
  rows: readonly T[];
  loading: boolean;
  failed: boolean;
  /** The empty table's words: no match for the search, or nothing at all. */
  emptyText: string;
  /** The width from which the table scrolls sideways. */
  scrollX: number;
  /** The header stays under the top bar, and the sideways scrollbar at the window's foot, as the page scrolls. */
  sticky?: boolean;
}

/** A list's table in its ListCard: rows by uuid, pages of PAGE_SIZE past that many, the empty area of ListEmpty. */
export function ListTable<T extends { uuid: string }>({
  columns,
  rows,
  loading,
  failed,
  emptyText,
  scrollX,
  sticky = false,
}: ListTableProps<T>) {
  const stickyHeader = useStickyTable();
  return (
    <Table<T>
      rowKey="uuid"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: scrollX }}
      sticky={sticky ? stickyHeader : undefined}
      pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
      locale={{ emptyText: <ListEmpty loading={loading} failed={failed} text={emptyText} /> }}
    />
  );
}

/** Whether a row matches the search box: part of any field, ignoring case and spaces. */
export function matchesSearch(search: string, ...fields: (string | null | undefined)[]): boolean {
  const wanted = normalise(search);
  if (!wanted) return true;
  return fields.some((field) => field !== null && field !== undefined && normalise(field).includes(wanted));
}

function normalise(text: string): string {
  return text.replace(/\s+/g, '').toLocaleLowerCase();
}
