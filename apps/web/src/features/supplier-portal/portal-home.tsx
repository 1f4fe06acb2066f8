import { App, Button, Card, Divider, Empty, Flex, Progress, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import type {
  SupplierQuotaSchema,
  supplierHome,
} from '@truck-queue/shared/contracts/supplier-portal.contract';
import type { ResponseOf } from '@truck-queue/shared/contracts/api';
import { useSupplierCancel } from './api/use-portal.ts';
import { PortalScorecard } from './portal-scorecard.tsx';
import { PortalBookingCard, PortalPastBooking } from './portal-booking-card.tsx';
import { portalFailure, quotaStanding, signedOutBy, splitBookings } from './portal-rules.ts';

export type PortalHomeData = ResponseOf<typeof supplierHome>;
type SupplierQuota = z.infer<typeof SupplierQuotaSchema>;

/** One season's quota: entitlement, delivered, booked, left, a bar, and "over quota" once past it. */
function QuotaCard({ quota }: { quota: SupplierQuota }) {
  const { t, i18n } = useTranslation();
  const standing = quotaStanding(quota);
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  const amount = (n: number) => t(`supplierPortal.quota.units.${quota.unit}`, { n: number(n) });
  const row = (label: string, value: string, testId?: string) => (
    <Flex justify="space-between" gap={8}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong data-testid={testId}>
        {value}
      </Typography.Text>
    </Flex>
  );
  return (
    <Card size="small" data-testid="portal-quota">
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text strong>
            {quota.product_name} · {t('supplierPortal.quota.season', { name: quota.season_name })}
          </Typography.Text>
          {standing.over > 0 && (
            <Tag color="error" style={{ marginInlineEnd: 0 }} data-testid="portal-over-quota">
              {t('supplierPortal.quota.over')}
            </Tag>
          )}
        </Flex>
        <Progress
          percent={standing.percent}
          status={standing.over > 0 ? 'exception' : 'normal'}
          showInfo={false}
          aria-label={t('supplierPortal.quota.used')}
        />
        {row(t('supplierPortal.quota.entitlement'), amount(quota.entitlement))}
        {row(t('supplierPortal.quota.delivered'), amount(quota.delivered))}
        {row(
          t('supplierPortal.quota.booked'),
          t('supplierPortal.quota.units.loads', { n: number(quota.booked) }),
        )}
        {standing.over > 0
          ? row(t('supplierPortal.quota.overBy'), amount(standing.over), 'portal-quota-left')
          : row(t('supplierPortal.quota.left'), amount(standing.left), 'portal-quota-left')}
        {standing.full && (
          <Typography.Text
            type={quota.over_quota === 'warn' ? 'warning' : 'danger'}
            data-testid="portal-quota-full"
          >
            {t(
              quota.over_quota === 'warn' ? 'supplierPortal.quota.fullWarn' : 'supplierPortal.quota.fullAsk',
            )}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/**
 * The supplier's page: its quotas, its open bookings (each with its QR, cancellable before the
 * cut-off) and those of the past week. `onSignedOut`: its sign-in ended while cancelling.
 */
export function PortalHome({
  token,
  home,
  onBook,
  onSignedOut,
}: {
  token: string;
  home: PortalHomeData;
  onBook: () => void;
  onSignedOut: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const cancel = useSupplierCancel();
  const { upcoming, past } = splitBookings(home.bookings);
  const canBook = home.lines.length > 0;

  const askCancel = (booking: Booking) => {
    void modal.confirm({
      title: t('supplierPortal.cancel.title', { code: booking.code }),
      content: t('supplierPortal.cancel.content'),
      okText: t('supplierPortal.cancel.ok'),
      okButtonProps: { danger: true },
      cancelText: t('supplierPortal.cancel.keep'),
      onOk: () =>
        cancel
          .mutateAsync({ token, booking_id: booking.id })
          .then(() => void message.success(t('supplierPortal.cancel.done', { code: booking.code })))
          .catch((error: unknown) => {
            if (signedOutBy(error)) onSignedOut();
            else void modal.error({ title: t(portalFailure(error, 'cancel')) });
          }),
    });
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="portal-supplier">
          {home.supplier.name}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('supplierPortal.home.code', { code: home.supplier.code })}
        </Typography.Text>
      </Card>

      {canBook ? (
        <Button type="primary" size="large" block icon={<PlusOutlined aria-hidden />} onClick={onBook}>
          {t('supplierPortal.home.book')}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t('supplierPortal.home.noLines')}</Typography.Text>
      )}

      {home.quotas.length > 0 && (
        <Flex vertical gap={8}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('supplierPortal.quota.title')}
          </Typography.Title>
          {home.quotas.map((quota) => (
            <QuotaCard key={`${quota.season_name}-${quota.product_name}`} quota={quota} />
          ))}
        </Flex>
      )}

      <Flex vertical gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('supplierPortal.home.upcoming')}
        </Typography.Title>
        {upcoming.length === 0 ? (
          <Card size="small">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supplierPortal.home.noUpcoming')} />
          </Card>
        ) : (
          upcoming.map((booking) => (
            <PortalBookingCard
              key={booking.id}
              booking={booking}
              onCancel={() => askCancel(booking)}
              cancelling={cancel.isPending && cancel.variables.booking_id === booking.id}
            />
          ))
        )}
      </Flex>

      <PortalScorecard token={token} />

      {past.length > 0 && (
        <Card size="small" title={t('supplierPortal.home.past')}>
          {past.map((booking, i) => (
            <div key={booking.id}>
              {i > 0 && <Divider style={{ margin: 0 }} />}
              <PortalPastBooking booking={booking} />
            </div>
          ))}
        </Card>
      )}
    </Flex>
  );
}
