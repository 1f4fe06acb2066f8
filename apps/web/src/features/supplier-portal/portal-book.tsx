import { useState } from 'react';
import { Alert, Button, Card, Flex, Radio, Select, Spin, Typography, theme } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import { useDates } from '../../lib/calendar-context.tsx';
import { useSupplierBook, useSupplierSlots } from './api/use-portal.ts';
import { dayText } from './portal-booking-card.tsx';
import type { PortalHomeData } from './portal-home.tsx';
import { portalFailure, signedOutBy, stripPage } from './portal-rules.ts';

/** The plate field's value for "any of my vehicles". */
const ANY_VEHICLE = '';

/**
 * Booking a slot: the line (when more than one), the product, a day of the strip (today to the
 * last day it may book, with what each has free), a window with free loads, the plate or any
 * vehicle. Every refusal says what to do next.
 */
export function PortalBook({
  token,
  home,
  onBooked,
  onBack,
  onSignedOut,
}: {
  token: string;
  home: PortalHomeData;
  onBooked: (booking: Booking) => void;
  onBack: () => void;
  onSignedOut: () => void;
}) {
  const { t } = useTranslation();
  const { token: design } = theme.useToken();
  const dates = useDates();
  const [lineId, setLineId] = useState(home.lines[0]?.id_branchQT);
  const line = home.lines.find((l) => l.id_branchQT === lineId);
  const [productId, setProductId] = useState<number | undefined>(undefined);
  const product =
    line?.products.find((p) => p.id === productId) ??
    (line?.products.length === 1 ? line.products[0] : undefined);
  const [page, setPage] = useState(0);
  const range = stripPage(home.today, home.rules.days_ahead, page) ?? { from: home.today, days: 1 };
  const slots = useSupplierSlots(token, lineId, range.from, range.days);
  const [chosenDay, setChosenDay] = useState<string | undefined>(undefined);
  const [windowStart, setWindowStart] = useState<string | undefined>(undefined);
  const [plate, setPlate] = useState(ANY_VEHICLE);
  const book = useSupplierBook();

  const days = slots.data?.days ?? [];
  const freeOf = (d: (typeof days)[number]) => (d.closed ? 0 : d.windows.reduce((n, w) => n + w.free, 0));
  const day = days.find((d) => d.day === chosenDay) ?? days.find((d) => freeOf(d) > 0);
  const slot = day?.windows.find((w) => w.start === windowStart && w.free > 0);
  const ready = line !== undefined && product !== undefined && day !== undefined && slot !== undefined;

  const chooseDay = (value: string) => {
    setChosenDay(value);
    setWindowStart(undefined);
    book.reset();
  };
  const turnPage = (by: number) => {
    setPage(page + by);
    setChosenDay(undefined);
    setWindowStart(undefined);
  };

  const submit = () => {
    if (!ready || book.isPending) return;
    book.mutate(
      {
        token,
        id_branchQT: line.id_branchQT,
        product: product.id,
        day: day.day,
        window_start: slot.start,
        truck_license: plate === ANY_VEHICLE ? null : plate,
      },
      {
        onSuccess: ({ booking }) => onBooked(booking),
        onError: (error) => {
          if (signedOutBy(error)) onSignedOut();
        },
      },
    );
  };

  const failure = book.isError && !signedOutBy(book.error) ? portalFailure(book.error, 'book') : null;

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8}>
        <Button icon={<LeftOutlined aria-hidden />} onClick={onBack}>
          {t('supplierPortal.book.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('supplierPortal.book.title')}
        </Typography.Title>
      </Flex>

      <Card size="small">
        <Flex vertical gap={12}>
          {home.lines.length > 1 && (
            <Flex vertical gap={4}>
              <Typography.Text strong>{t('supplierPortal.book.line')}</Typography.Text>
              <Radio.Group
                value={lineId}
                onChange={(e) => {
                  setLineId(e.target.value as number);
                  setProductId(undefined);
                  setChosenDay(undefined);
                  setWindowStart(undefined);
                  setPage(0);
                }}
                options={home.lines.map((l) => ({ value: l.id_branchQT, label: l.queue_type_name }))}
                optionType="button"
                buttonStyle="solid"
              />
            </Flex>
          )}
          <Flex vertical gap={4}>
            <Typography.Text strong id="portal-product-label">
              {t('supplierPortal.book.product')}
            </Typography.Text>
            <Select<number>
              id="portal-product"
              aria-labelledby="portal-product-label"
              size="large"
              value={product?.id}
              onChange={setProductId}
              placeholder={t('supplierPortal.book.productPlaceholder')}
              options={(line?.products ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Flex>
        </Flex>
      </Card>

      <Card size="small" title={t('supplierPortal.book.day')}>
        <Flex align="center" gap={4}>
          {page > 0 && (
            <Button
              icon={<LeftOutlined aria-hidden />}
              aria-label={t('supplierPortal.book.earlierDays')}
              onClick={() => turnPage(-1)}
            />
          )}
          <div style={{ overflowX: 'auto', flex: 1, minWidth: 0 }} data-testid="portal-day-strip">
            <Flex gap={8} style={{ paddingBottom: 4 }}>
              {days.map((d) => {
                const free = freeOf(d);
                const selected = d.day === day?.day;
                return (
                  <button
                    key={d.day}
                    type="button"
                    data-testid="portal-day"
                    data-day={d.day}
                    aria-pressed={selected}
                    disabled={free === 0}
                    onClick={() => chooseDay(d.day)}
                    style={{
                      flex: 'none',
                      minWidth: 76,
                      minHeight: 64,
                      padding: '6px 8px',
                      borderRadius: design.borderRadius,
                      border: `1px solid ${selected ? design.colorPrimary : design.colorBorder}`,
                      background: selected ? design.colorPrimary : design.colorBgContainer,
                      color: selected
                        ? design.colorTextLightSolid
                        : free === 0
                          ? design.colorTextDisabled
                          : design.colorText,
                      cursor: free === 0 ? 'not-allowed' : 'pointer',
                      font: 'inherit',
                      lineHeight: 1.3,
                    }}
                  >
                    <div style={{ fontWeight: 600 }}>{dayText(dates, d.day, false)}</div>
                    <div style={{ fontSize: 13 }}>
                      {d.closed
                        ? t('supplierPortal.book.closed')
                        : free === 0
                          ? t('supplierPortal.book.full')
                          : t('supplierPortal.book.free', { n: free })}
                    </div>
                  </button>
                );
              })}
            </Flex>
          </div>
          {stripPage(home.today, home.rules.days_ahead, page + 1) && (
            <Button
              icon={<RightOutlined aria-hidden />}
              aria-label={t('supplierPortal.book.laterDays')}
              onClick={() => turnPage(1)}
            />
          )}
        </Flex>
        {slots.isPending && <Spin style={{ display: 'block', margin: 16 }} />}
        {slots.isError && (
          <Alert type="error" showIcon title={t(portalFailure(slots.error))} style={{ marginTop: 8 }} />
        )}
        {slots.isSuccess && day === undefined && (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('supplierPortal.book.nothingFree')}
          </Typography.Paragraph>
        )}
      </Card>

      {day && (
        <Card size="small" title={t('supplierPortal.book.window', { day: dayText(dates, day.day) })}>
          <Flex vertical gap={8} data-testid="portal-windows">
            {day.windows.map((w) => {
              const selected = w.start === slot?.start;
              return (
                <Button
                  key={w.start}
                  size="large"
                  block
                  type={selected ? 'primary' : 'default'}
                  disabled={w.free === 0}
                  aria-pressed={selected}
                  data-testid="portal-window"
                  data-window={w.start}
                  onClick={() => {
                    setWindowStart(w.start);
                    book.reset();
                  }}
                  style={{ justifyContent: 'space-between' }}
                >
                  <span>{t('supplierPortal.booking.window', { start: w.start, end: w.end })}</span>
                  <span>
                    {w.free === 0
                      ? t('supplierPortal.book.full')
                      : t('supplierPortal.book.free', { n: w.free })}
                  </span>
                </Button>
              );
            })}
          </Flex>
        </Card>
      )}

      <Card size="small">
        <Flex vertical gap={4}>
          <Typography.Text strong id="portal-plate-label">
            {t('supplierPortal.book.vehicle')}
          </Typography.Text>
          <Select<string>
            id="portal-plate"
            aria-labelledby="portal-plate-label"
            size="large"
            value={plate}
            onChange={setPlate}
            options={[
              { value: ANY_VEHICLE, label: t('supplierPortal.anyVehicle') },
              ...home.supplier.vehicles.map((v) => ({ value: v, label: v })),
            ]}
          />
          <Typography.Text type="secondary">{t('supplierPortal.book.vehicleHint')}</Typography.Text>
        </Flex>
      </Card>

      {failure && <Alert type="error" showIcon title={t(failure)} data-testid="portal-book-failure" />}
      <Button
        type="primary"
        size="large"
        block
        disabled={!ready}
        loading={book.isPending}
        onClick={submit}
        data-testid="portal-book-submit"
      >
        {ready
          ? t('supplierPortal.book.submit', {
              day: dayText(dates, day.day, false),
              start: slot.start,
            })
          : t('supplierPortal.book.choose')}
      </Button>
    </Flex>
  );
}
