import type { ReactNode } from 'react';
import { Table, type TableProps } from 'antd';
import { useFittedTable } from '../lib/use-fitted-table.ts';

/** antd's pager under the rows, with a choice of page sizes. */
export interface ReportPages {
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** Beside the pager: how many rows, or which of how many. */
  showTotal: (total: number, range: [number, number]) => ReactNode;
}

interface ReportTableProps<T> extends Pick<TableProps<T>, 'rowKey' | 'columns' | 'dataSource' | 'onChange'> {
  loading: boolean;
  emptyText: ReactNode;
  /** The pager, or false when the report pages on the server and gives its own pager (`below`). */
  pages: ReportPages | false;
  /** Under the table and measured with it: a pager of the report's own. */
  below?: ReactNode;
}

/**
 * A report's table, fitted to the window (`useFittedTable`): columns as wide as their content,
 * rows scrolling inside a body the window has room for, the header sticking under the top bar;
 * the table and what is under it (the pager) are measured together.
 */
export function ReportTable<T extends object>({
  rowKey,
  columns,
  dataSource,
  onChange,
  loading,
  emptyText,
  pages,
  below,
}: ReportTableProps<T>) {
  const { attach, scroll, sticky } = useFittedTable();
  return (
    <div ref={attach} data-testid="report-rows">
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={dataSource}
        loading={loading}
        onChange={onChange}
        scroll={scroll}
        sticky={sticky}
        locale={{ emptyText }}
        pagination={
          pages && {
            defaultPageSize: pages.defaultPageSize,
            pageSizeOptions: [...pages.pageSizes],
            showSizeChanger: true,
            showTotal: pages.showTotal,
          }
        }
      />
      {below}
    </div>
  );
}
