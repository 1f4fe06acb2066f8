import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Grid,
  Input,
  Select,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  LeftOutlined,
  PlusOutlined,
  RedoOutlined,
  ReloadOutlined,
  RightOutlined,
  ScheduleOutlined,
  SearchOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BOOKING_STATUSES,
  type Booking,
  type BookingStatus,
} from '@truck-queue/shared/contracts/booking.contract';
import { useDates } from '../../lib/calendar-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { ActionButton, StackedRow, useListLayout } from '../admin/catalog/components/catalog-table.tsx';
import { useDialog } from '../admin/catalog/components/use-dialog.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { useBookingCalendar, useBookingList, useBookingPlan } from './api/use-bookings.ts';
import { CancelBookingDialog, ReissueBookingDialog } from './booking-action-dialogs.tsx';
import { BookingDetailDrawer } from './booking-detail-drawer.tsx';
import { useDayStartMinutes } from './booking-plan-page.tsx';
import { weekOf } from './booking-rules.ts';
import { BookingMarks, BookingStatusTag } from './booking-tags.tsx';
import { BookingWeek } from './booking-week.tsx';
import { GenerateDialog } from './generate-dialog.tsx';
import { MakeBookingDialog } from './make-booking-dialog.tsx';

const PAGE_SIZES = [20, 50, 100];
/** The placeholder of a date picker that always holds a day. */
const NO_DATE = '--/--/----';

/**
 * /System/bookings (issue 39): a line's week of windows (booked and checked in against what
 * each may book, lapsed and cancelled), the branch's bookings below, and the office's booking,
 * cancelling, re-issuing and handing out of slots.
 */
export function BookingsPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const layout = useListLayout();
  const screens = Grid.useBreakpoint();
  const today = usePlantToday();
  const dayStart = useDayStartMinutes();
  const plan = useBookingPlan();
  const lines = plan.data?.lines ?? [];
  const openLines = lines.filter((l) => l.enabled);
  const [chosenLine, setChosenLine] = useState<number | undefined>(undefined);
  const line = lines.find((l) => l.id_branchQT === chosenLine) ?? openLines[0] ?? lines[0];
  const [from, setFrom] = useState<string | null>(null);
  const weekStart = from ?? today;
  const week = weekOf(weekStart);
  const calendar = useBookingCalendar(line?.id_branchQT, weekStart, 7);

  // The list follows the week shown until the officer picks its days.
  const [range, setRange] = useState<[string, string] | null>(null);
  const listed = range ?? [week.days[0]!, week.days[6]!];
  const [status, setStatus] = useState<BookingStatus | undefined>(undefined);
  const [search, setSearch] = useState('');
  const find = useDebouncedValue(search.trim(), 300);
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0]! });
  const list = useBookingList({
    from: listed[0],
    to: listed[1],
    ...(line ? { id_branchQT: line.id_branchQT } : {}),
    ...(status ? { status } : {}),
    find,
    page: paging.page,
    page_size: paging.pageSize,
  });

  const [making, setMaking] = useState(false);
  const [generating, setGenerating] = useState(false);
  const detail = useDialog<Booking>();
  const cancelling = useDialog<Booking>();
  const reissuing = useDialog<Booking>();

  const firstPage = () => setPaging((current) => ({ ...current, page: 1 }));
  const showWeek = (day: string) => {
    setFrom(day);
    setRange(null);
    firstPage();
  };
  const shown = (booking: Booking) => {
    setMaking(false);
    reissuing.hide();
    detail.show(booking);
  };

  const narrow = layout === 'narrow';
  const supplierOf = (b: Booking) => (
    <Flex vertical gap={0}>
      <span>
        <Typography.Text type="secondary">{b.supplier.code}</Typography.Text> {b.supplier.name}
      </span>
      <Typography.Text type={b.truck_license ? undefined : 'secondary'} style={{ fontSize: 13 }}>
        {b.truck_license ?? t('bookings.anyVehicle')}
      </Typography.Text>
    </Flex>
  );
  const slotOf = (b: Booking) => (
    <Flex vertical gap={0}>
      <span>{dates.date(b.day)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {b.window_start}–{b.window_end}
      </Typography.Text>
    </Flex>
  );
  const statusOf = (b: Booking) => (
    <Flex gap={4} wrap>
      <BookingStatusTag status={b.status} />
      <BookingMarks booking={b} />
    </Flex>
  );
  const actionsOf = (b: Booking) => (
    <Flex gap={4} wrap>
      {b.status === 'booked' && (
        <ActionButton
          label={t('bookings.cancel.open')}
          icon={<StopOutlined aria-hidden />}
          onClick={() => cancelling.show(b)}
          iconOnly={false}
          danger
        />
      )}
      {b.status === 'lapsed' && (
        <ActionButton
          label={t('bookings.reissue.open')}
          icon={<RedoOutlined aria-hidden />}
          onClick={() => reissuing.show(b)}
          iconOnly={false}
        />
      )}
    </Flex>
  );
  const codeOf = (b: Booking) => (
    <Flex vertical gap={0}>
      <Typography.Link
        onClick={() => detail.show(b)}
        style={{ fontFamily: 'monospace', fontWeight: 600 }}
        data-testid="booking-code-link"
      >
        {b.code}
      </Typography.Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`bookings.sources.${b.source}`)}
      </Typography.Text>
    </Flex>
  );

  const columns: TableColumnsType<Booking> = [
    { key: 'code', title: t('bookings.columns.code'), width: 128, render: (_v, b) => codeOf(b) },
    { key: 'supplier', title: t('bookings.columns.supplierVehicle'), render: (_v, b) => supplierOf(b) },
    { key: 'product', title: t('bookings.columns.product'), width: 150, dataIndex: 'product_name' },
    { key: 'slot', title: t('bookings.columns.slot'), width: 124, render: (_v, b) => slotOf(b) },
    { key: 'status', title: t('bookings.columns.status'), width: 170, render: (_v, b) => statusOf(b) },
    {
      key: 'ticket',
      title: t('bookings.columns.ticket'),
      width: 92,
      render: (_v, b) =>
        b.queue ? (
          <Typography.Text strong>{b.queue.queue_number}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('catalog.common.actions'),
      width: 120,
      fixed: 'end',
      render: (_v, b) => actionsOf(b),
    },
  ];

  const noLines = plan.data !== undefined && openLines.length === 0;
  const data = list.data;

  return (
    <Flex vertical gap={16}>
      <Card size={screens.sm ? 'default' : 'small'}>
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          <Flex justify="space-between" align="flex-start" gap={12} wrap>
            <Flex vertical gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('bookings.title')}
              </Typography.Title>
              <Typography.Text type="secondary">{t('bookings.description')}</Typography.Text>
            </Flex>
            <Flex gap={8} wrap>
              <Button
                icon={<ScheduleOutlined aria-hidden />}
                disabled={openLines.length === 0}
                onClick={() => setGenerating(true)}
              >
                {t('bookings.generate.open')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                disabled={openLines.length === 0}
                onClick={() => setMaking(true)}
              >
                {t('bookings.make.open')}
              </Button>
            </Flex>
          </Flex>
          <Flex gap={8} align="center" wrap>
            <Select<number>
              value={line?.id_branchQT}
              onChange={(id) => {
                setChosenLine(id);
                firstPage();
              }}
              loading={plan.isPending}
              aria-label={t('bookings.columns.line')}
              options={lines.map((l) => ({
                value: l.id_branchQT,
                label: l.enabled
                  ? l.queue_type_name
                  : `${l.queue_type_name} (${t('bookings.plan.noBookings')})`,
              }))}
              style={{ flex: '0 1 260px', minWidth: 180 }}
              data-testid="booking-line-picker"
            />
            <Button
              icon={<LeftOutlined aria-hidden />}
              onClick={() => showWeek(week.previous)}
              aria-label={t('bookings.week.previous')}
              title={t('bookings.week.previous')}
            />
            <DatePicker
              value={dayjs(weekStart)}
              allowClear={false}
              needConfirm={false}
              aria-label={t('bookings.week.from')}
              // Never empty: the locale's "select a date" is cut in German and Russian at this width.
              placeholder={NO_DATE}
              onChange={(value: Dayjs | null) => value && showWeek(value.format(API_DATE_FORMAT))}
              style={{ width: 150 }}
            />
            <Button
              icon={<RightOutlined aria-hidden />}
              onClick={() => showWeek(week.next)}
              aria-label={t('bookings.week.next')}
              title={t('bookings.week.next')}
            />
            <Button onClick={() => showWeek(today)} disabled={weekStart === today}>
              {t('bookings.week.today')}
            </Button>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => {
                void calendar.refetch();
                void list.refetch();
              }}
              loading={calendar.isFetching || list.isFetching}
              aria-label={t('catalog.common.reload')}
              title={t('catalog.common.reload')}
            />
          </Flex>
        </Flex>
        {plan.isError && (
          <Alert
            type="error"
            showIcon
            title={t('bookings.plan.loadFailed')}
            description={errorMessage(t, plan.error)}
            style={{ marginBottom: 16 }}
          />
        )}
        {calendar.isError && (
          <Alert
            type="error"
            showIcon
            title={t('bookings.week.loadFailed')}
            description={errorMessage(t, calendar.error)}
            style={{ marginBottom: 16 }}
          />
        )}
        {noLines ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bookings.noOpenLines')}>
            <Link to="/System/bookingPlan">{t('bookings.toPlan')}</Link>
          </Empty>
        ) : (
          <BookingWeek
            days={calendar.data?.days ?? []}
            today={today}
            dayStartMinutes={dayStart}
            loading={calendar.isPending && line !== undefined}
          />
        )}
      </Card>

      <Card size={screens.sm ? 'default' : 'small'} title={t('bookings.listTitle')}>
        <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker
            value={[dayjs(listed[0]), dayjs(listed[1])]}
            allowClear={false}
            needConfirm={false}
            aria-label={t('bookings.filters.days')}
            placeholder={[NO_DATE, NO_DATE]}
            onChange={(value) => {
              if (!value?.[0] || !value[1]) return;
              setRange([value[0].format(API_DATE_FORMAT), value[1].format(API_DATE_FORMAT)]);
              firstPage();
            }}
            style={{ flex: '0 1 300px' }}
          />
          <Select<BookingStatus>
            allowClear
            value={status}
            onChange={(value) => {
              setStatus(value);
              firstPage();
            }}
            placeholder={t('bookings.filters.allStatuses')}
            aria-label={t('bookings.columns.status')}
            options={BOOKING_STATUSES.map((s) => ({ value: s, label: t(`bookings.statuses.${s}`) }))}
            style={{ flex: '0 1 180px', minWidth: 150 }}
          />
          <Input
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              firstPage();
            }}
            placeholder={t('bookings.filters.find')}
            aria-label={t('bookings.filters.find')}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            style={{ flex: '1 1 220px', maxWidth: 380, minWidth: 0 }}
          />
        </Flex>
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={t('bookings.loadFailed')}
            description={errorMessage(t, list.error)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<Booking>
          rowKey="id"
          size="middle"
          showHeader={!narrow}
          columns={narrow ? [{ key: 'row', render: (_v, b) => narrowRow(b) }] : columns}
          dataSource={data?.bookings ?? []}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          scroll={narrow ? undefined : { x: 960 }}
          data-testid="booking-list"
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            hideOnSinglePage: (data?.total ?? 0) <= PAGE_SIZES[0]!,
            onChange: (page, pageSize) =>
              setPaging((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize })),
          }}
          locale={{
            emptyText:
              list.isPending || list.isError ? (
                <div style={{ minHeight: 120 }} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bookings.empty')} />
              ),
          }}
        />
      </Card>

      <MakeBookingDialog
        open={making}
        lines={openLines}
        rules={plan.data?.rules}
        defaultLine={line?.id_branchQT}
        onClose={() => setMaking(false)}
        onMade={shown}
      />
      <GenerateDialog
        open={generating}
        lines={openLines}
        defaultLine={line?.id_branchQT}
        onClose={() => setGenerating(false)}
      />
      <CancelBookingDialog
        booking={cancelling.open ? cancelling.subject : undefined}
        onClose={cancelling.hide}
      />
      <ReissueBookingDialog
        booking={reissuing.open ? reissuing.subject : undefined}
        line={lines.find((l) => l.id_branchQT === reissuing.subject?.id_branchQT)}
        rules={plan.data?.rules}
        onClose={reissuing.hide}
        onMade={shown}
      />
      <BookingDetailDrawer booking={detail.open ? detail.subject : undefined} onClose={detail.hide} />
    </Flex>
  );

  function narrowRow(b: Booking) {
    return (
      <StackedRow
        title={
          <Flex gap={8} wrap align="center">
            {codeOf(b)}
            {statusOf(b)}
          </Flex>
        }
        lines={[
          { label: t('bookings.columns.supplierVehicle'), content: supplierOf(b) },
          { label: t('bookings.columns.product'), content: b.product_name },
          { label: t('bookings.columns.slot'), content: slotOf(b) },
        ]}
        actions={actionsOf(b)}
      />
    );
  }
}
