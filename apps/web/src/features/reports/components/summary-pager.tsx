import { useState } from 'react';
import { Button, Flex, InputNumber, Select, Typography } from 'antd';
import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SUMMARY_PAGE_SIZES } from '@truck-queue/shared/contracts/report.contract';
import { pageCount, pageToJumpTo } from '../summary-paging.ts';

interface SummaryPagerProps {
  page: number;
  pageSize: number;
  total: number;
  disabled: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/**
 * The summary report's paging (SPEC.md section 2): first / previous / next / last, rows per page
 * 10 to 100 in tens, and a page-jump box from 1 to the page count.
 */
export function SummaryPager({ page, pageSize, total, disabled, onPage, onPageSize }: SummaryPagerProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  const [jump, setJump] = useState<number | null>(null);
  const first = page <= 1;
  const last = page >= pages;

  /**
   * Jumps to the page typed. Enter reads the box's own text: a number out of range ("0", "30"
   * of 27) is not yet in `jump` (the box clamps it only on blur), so one Enter is enough.
   */
  const go = (typed: string | number | null) => {
    const target = pageToJumpTo(typed, pages);
    if (target === null) return;
    onPage(target);
    setJump(null);
  };

  return (
    <Flex justify="space-between" align="center" gap={12} wrap style={{ marginTop: 16 }}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text type="secondary">{t('reports.summary.pager.rowsPerPage')}</Typography.Text>
        <Select
          aria-label={t('reports.summary.pager.rowsPerPage')}
          data-testid="summary-page-size"
          value={pageSize}
          onChange={onPageSize}
          options={SUMMARY_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          style={{ width: 80 }}
        />
        <Typography.Text type="secondary">
          {total > 0
            ? t('reports.range', {
                from: (page - 1) * pageSize + 1,
                to: Math.min(page * pageSize, total),
                total,
              })
            : t('reports.count', { count: 0 })}
        </Typography.Text>
      </Flex>

      <Flex align="center" gap={8} wrap>
        <nav aria-label={t('reports.summary.pager.label')}>
          <Flex align="center" gap={4}>
            <Button
              icon={<DoubleLeftOutlined aria-hidden />}
              aria-label={t('reports.summary.pager.first')}
              title={t('reports.summary.pager.first')}
              disabled={disabled || first}
              onClick={() => onPage(1)}
            />
            <Button
              icon={<LeftOutlined aria-hidden />}
              aria-label={t('reports.summary.pager.previous')}
              title={t('reports.summary.pager.previous')}
              disabled={disabled || first}
              onClick={() => onPage(page - 1)}
            />
            <Typography.Text
              data-testid="summary-page"
              aria-live="polite"
              style={{ paddingInline: 8, whiteSpace: 'nowrap' }}
            >
              {t('reports.summary.pager.pageOf', { page, pages })}
            </Typography.Text>
            <Button
              icon={<RightOutlined aria-hidden />}
              aria-label={t('reports.summary.pager.next')}
              title={t('reports.summary.pager.next')}
              disabled={disabled || last}
              onClick={() => onPage(page + 1)}
            />
            <Button
              icon={<DoubleRightOutlined aria-hidden />}
              aria-label={t('reports.summary.pager.last')}
              title={t('reports.summary.pager.last')}
              disabled={disabled || last}
              onClick={() => onPage(pages)}
            />
          </Flex>
        </nav>
        <Flex align="center" gap={4}>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            <label htmlFor="summary-page-jump">{t('reports.summary.pager.jump')}</label>
          </Typography.Text>
          <InputNumber<number>
            id="summary-page-jump"
            min={1}
            max={pages}
            precision={0}
            value={jump}
            onChange={setJump}
            onPressEnter={(event) => go((event.target as HTMLInputElement).value)}
            placeholder={String(page)}
            disabled={disabled || pages <= 1}
            style={{ width: 80 }}
          />
          <Button onClick={() => go(jump)} disabled={disabled || jump === null}>
            {t('reports.summary.pager.go')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
