import type { ReactNode } from 'react';
import { Alert, Button, Card, Empty, Flex, Grid, Input, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/errors.ts';

/** What the card needs of the list's query (a react-query result fits). */
export interface ListQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

interface CatalogListCardProps {
  title: string;
  /** What the list is for, under the title. */
  description: ReactNode;
  /** Rows shown after the search, or undefined while the first load runs. */
  count: number | undefined;
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder: string;
  addLabel: string;
  onAdd: () => void;
  query: ListQuery;
  loadFailedTitle: string;
  children: ReactNode;
}

/**
 * The frame of a data-management list: title, count and what it is for; a search box, reload
 * and add button (they wrap under the title on a phone); the load failure with a retry.
 */
export function CatalogListCard({
  title,
  description,
  count,
  search,
  onSearch,
  searchPlaceholder,
  addLabel,
  onAdd,
  query,
  loadFailedTitle,
  children,
}: CatalogListCardProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const retry = () => void query.refetch();
  return (
    <Card size={screens.sm ? 'default' : 'small'}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex vertical gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            {count !== undefined && (
              <Tag style={{ marginInlineEnd: 0 }}>{t('catalog.common.count', { count })}</Tag>
            )}
          </Flex>
          <Typography.Text type="secondary">{description}</Typography.Text>
        </Flex>
        <Flex gap={8} align="center" wrap style={{ flex: '0 1 460px', minWidth: 0 }}>
          <Input
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            style={{ flex: '1 1 160px', minWidth: 0 }}
          />
          <Flex gap={8}>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              onClick={retry}
              loading={query.isFetching}
              aria-label={t('catalog.common.reload')}
              title={t('catalog.common.reload')}
            />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
              {addLabel}
            </Button>
          </Flex>
        </Flex>
      </Flex>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={loadFailedTitle}
          description={errorMessage(t, query.error)}
          action={
            <Button size="small" onClick={retry}>
              {t('catalog.common.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {children}
    </Card>
  );
}

interface ListEmptyProps {
  loading: boolean;
  failed: boolean;
  /** The search matches nothing, though there are rows. */
  noMatch: boolean;
  emptyText: string;
  addLabel: string;
  onAdd: () => void;
}

/** The table's empty area: blank while loading or after a failed load (the alert says why), else why it is empty. */
export function ListEmpty({ loading, failed, noMatch, emptyText, addLabel, onAdd }: ListEmptyProps) {
  const { t } = useTranslation();
  if (loading || failed) return <div style={{ minHeight: 120 }} />;
  if (noMatch)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalog.common.noMatch')} />;
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
        {addLabel}
      </Button>
    </Empty>
  );
}

/** Whether a row matches the search box: part of any field, ignoring case and spaces. */
export function matchesSearch(search: string, ...fields: string[]): boolean {
  const wanted = normalise(search);
  if (!wanted) return true;
  return fields.some((field) => normalise(field).includes(wanted));
}

function normalise(text: string): string {
  return text.replace(/\s+/g, '').toLocaleLowerCase();
}

/** Rows of a table past which it pages. */
export const PAGE_SIZE = 20;
