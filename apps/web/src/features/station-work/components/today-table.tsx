import { useMemo, useState } from 'react';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors.ts';
import { ListCard, ListTable } from '../../../components/list-card.tsx';

/** A row of a station's "today" list: the search box finds it by queue number or licence. */
export interface TodayRow {
  uuid: string;
  queue_number: string;
  truck_license: string;
}

/** What the table needs of the list's query (a react-query result fits). */
export interface TodayQuery<T> {
  data: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The list's words, already translated. */
export interface TodayTableTexts {
  title: string;
  total: (count: number) => string;
  search: string;
  retry: string;
  /** The empty table when the search matches nothing. */
  noMatch: string;
  /** The empty table when there is nothing today. */
  empty: string;
}

interface TodayTableProps<T extends TodayRow> {
  query: TodayQuery<T>;
  columns: TableColumnsType<T>;
  /** The width from which the table scrolls sideways. */
  scrollX: number;
  texts: TodayTableTexts;
}

/**
 * A station's table of today's trucks in its frame: the search box filters it, pages appear past
 * 20 rows, and the empty area tells a failed load, no match and an empty day apart.
 */
export function TodayTable<T extends TodayRow>({ query, columns, scrollX, texts }: TodayTableProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(
    () => rows.filter((row) => matchesQueueOrLicence(search, row.queue_number, row.truck_license)),
    [rows, search],
  );

  return (
    <ListCard
      title={texts.title}
      count={query.data ? shown.length : undefined}
      countLabel={texts.total}
      search={search}
      onSearch={setSearch}
      searchPlaceholder={texts.search}
      error={query.isError ? errorMessage(t, query.error) : null}
      retryLabel={texts.retry}
      onRetry={() => void query.refetch()}
      refreshing={query.isFetching}
      toolbar="single-line"
    >
      <ListTable<T>
        columns={columns}
        rows={shown}
        loading={query.isPending}
        failed={query.isError}
        emptyText={search && rows.length > 0 ? texts.noMatch : texts.empty}
        scrollX={scrollX}
        // A list wider than the window keeps its scrollbar in view, its header under the top bar.
        sticky
      />
    </ListCard>
  );
}

/** Whether a row matches the search box: part of its queue number or licence, ignoring case and spaces. */
function matchesQueueOrLicence(search: string, ...fields: string[]): boolean {
  const wanted = normalise(search);
  if (!wanted) return true;
  return fields.some((field) => normalise(field).includes(wanted));
}

function normalise(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}
