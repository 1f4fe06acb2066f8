import { Descriptions, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScorecardLab, ScorecardRow } from '@truck-queue/shared/contracts/scorecard.contract';
import { formatDuration } from '../../../lib/durations.ts';
import { GradeTag } from './grade-rule.tsx';

/** Kilograms as tonnes with one decimal. */
export const tonnes = (kg: number, locale: string) =>
  (kg / 1000).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "≥ 18", "≤ 35", "18–35" or "–". */
function passRange(l: ScorecardLab, locale: string): string {
  const n = (v: number) => v.toLocaleString(locale, { maximumFractionDigits: l.decimals });
  if (l.pass_min !== null && l.pass_max !== null) return `${n(l.pass_min)}–${n(l.pass_max)}`;
  if (l.pass_min !== null) return `≥ ${n(l.pass_min)}`;
  if (l.pass_max !== null) return `≤ ${n(l.pass_max)}`;
  return '–';
}

/**
 * One row of the scorecards in full: the grade with the points each rate took off, the bookings,
 * the loads and the lab's averages against their pass ranges (the report's drawer and the
 * supplier's own page).
 */
export function ScorecardDetail({ row }: { row: ScorecardRow }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const count = (n: number) => n.toLocaleString(locale);
  /** Points a rate took off: "−4.2", or "0" when it took none. */
  const lostText = (n: number) => (n === 0 ? '0' : `−${n.toLocaleString(locale)}`);
  return (
    <Flex vertical gap={16} data-testid="scorecard-detail">
      <Flex gap={8} align="center" wrap>
        <GradeTag grade={row.grade} />
        {row.points !== null && (
          <Typography.Text strong>{t('reports.scorecards.points', { points: row.points })}</Typography.Text>
        )}
      </Flex>
      <Descriptions size="small" column={1} bordered title={t('reports.scorecards.lostTitle')}>
        <Descriptions.Item label={t('reports.scorecards.late')}>{lostText(row.lost.late)}</Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.noShows')}>
          {lostText(row.lost.no_show)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.rejected')}>
          {lostText(row.lost.rejected)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.rechecked')}>
          {lostText(row.lost.rechecked)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" column={1} bordered title={t('reports.scorecards.bookingsTitle')}>
        <Descriptions.Item label={t('reports.scorecards.bookings')}>{count(row.bookings)}</Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.onTime')}>{count(row.on_time)}</Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.late')}>{count(row.late)}</Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.noShows')}>{count(row.no_shows)}</Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.cancelled')}>
          {count(row.cancelled)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.open')}>{count(row.open)}</Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" column={1} bordered title={t('reports.scorecards.loadsTitle')}>
        <Descriptions.Item label={t('reports.scorecards.trucks')}>{count(row.trucks)}</Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.netTonnes')}>
          {tonnes(row.net_kg, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.deductedTonnes')}>
          {tonnes(row.deducted_kg, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.paidTonnes')}>
          {tonnes(row.paid_kg, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.rejected')}>{count(row.rejected)}</Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.rechecked')}>
          {count(row.rechecked)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reports.scorecards.dwell')}>
          {formatDuration(t, row.dwell_median_seconds, 'floor', { style: 'short', days: true })}
        </Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5}>{t('reports.scorecards.labTitle')}</Typography.Title>
        <Table<ScorecardLab>
          size="small"
          data-testid="scorecard-lab"
          rowKey={(l) => String(l.measure_id)}
          dataSource={row.lab}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('reports.scorecards.noLab') }}
          columns={[
            { key: 'name', title: t('reports.scorecards.measure'), render: (_v, l) => l.name },
            {
              key: 'average',
              title: t('reports.scorecards.average'),
              align: 'end',
              render: (_v, l) =>
                l.average === null
                  ? '–'
                  : `${l.average.toLocaleString(locale, { maximumFractionDigits: l.decimals })} ${l.unit}`.trim(),
            },
            {
              key: 'range',
              title: t('reports.scorecards.passRange'),
              render: (_v, l) => passRange(l, locale),
            },
            {
              key: 'out',
              title: t('reports.scorecards.outOfRange'),
              align: 'end',
              render: (_v, l) => (
                <Typography.Text type={l.out_of_range > 0 ? 'danger' : undefined}>
                  {t('reports.scorecards.outOf', { out: l.out_of_range, samples: l.samples })}
                </Typography.Text>
              ),
            },
          ]}
        />
      </div>
    </Flex>
  );
}
