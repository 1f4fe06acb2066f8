import { Flex, Progress, Table, Typography, theme, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WindowLoad } from '@truck-queue/shared/contracts/booking.contract';
import { useDates } from '../../lib/calendar-context.tsx';
import { calendarRows, fillPercent, windowKey } from './booking-rules.ts';

export interface CalendarDay {
  day: string;
  closed: boolean;
  windows: WindowLoad[];
}

type Row = ReturnType<typeof calendarRows>[number];

/** The week fits the card at an office PC's 1366 px with the side menu open. */
const WINDOW_WIDTH = 104;
const DAY_WIDTH = 122;

/**
 * A line's week: a row per window, a column per plant day; each cell what is booked and checked
 * in against what the window may book, with a bar, and what lapsed or was cancelled. A closed
 * day is greyed.
 */
export function BookingWeek({
  days,
  today,
  dayStartMinutes,
  loading,
}: {
  days: CalendarDay[];
  today: string;
  dayStartMinutes: number;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const { token } = theme.useToken();
  const rows = calendarRows(days, dayStartMinutes);
  const heading = (day: string) =>
    dates.text(new Date(`${day}T12:00:00Z`), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });

  const cell = (day: CalendarDay, row: Row) => {
    if (day.closed) return <Typography.Text type="secondary">{t('bookings.week.closed')}</Typography.Text>;
    const load = day.windows.find((w) => windowKey(w) === row.key);
    if (!load) return <Typography.Text type="secondary">–</Typography.Text>;
    const taken = load.booked + load.checked_in;
    const percent = fillPercent(load);
    return (
      <Flex vertical gap={2} data-testid="booking-cell" data-day={day.day} data-window={row.key}>
        <Typography.Text strong>
          {t('bookings.week.taken', { taken, bookable: load.bookable })}
        </Typography.Text>
        <Progress
          percent={percent}
          showInfo={false}
          size="small"
          status={percent >= 100 ? 'exception' : 'normal'}
          aria-label={t('bookings.week.fill', { percent })}
          style={{ margin: 0 }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: 1.35 }}>
          {t('bookings.week.checkedIn', { n: load.checked_in })}
          {load.lapsed > 0 && <> · {t('bookings.week.lapsed', { n: load.lapsed })}</>}
          {load.cancelled > 0 && <> · {t('bookings.week.cancelled', { n: load.cancelled })}</>}
        </Typography.Text>
      </Flex>
    );
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'window',
      title: t('bookings.columns.window'),
      width: WINDOW_WIDTH,
      fixed: 'start',
      render: (_v, row) => <Typography.Text strong>{row.key}</Typography.Text>,
    },
    ...days.map((day) => ({
      key: day.day,
      title: (
        <Flex vertical gap={0}>
          <span>{heading(day.day)}</span>
          {day.day === today && (
            <Typography.Text type="success" style={{ fontSize: 12 }}>
              {t('bookings.week.today')}
            </Typography.Text>
          )}
          {day.closed && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('bookings.week.closed')}
            </Typography.Text>
          )}
        </Flex>
      ),
      width: DAY_WIDTH,
      onCell: () => ({
        style: day.closed ? { background: token.colorFillTertiary } : undefined,
      }),
      onHeaderCell: () => ({
        style: day.closed ? { background: token.colorFillSecondary } : undefined,
      }),
      render: (_v: unknown, row: Row) => cell(day, row),
    })),
  ];

  return (
    <Table<Row>
      rowKey="key"
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: WINDOW_WIDTH + DAY_WIDTH * 7 }}
      data-testid="booking-week"
      locale={{ emptyText: t('bookings.week.noWindows') }}
    />
  );
}
