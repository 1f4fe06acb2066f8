import { useState } from 'react';
import { Alert, App, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Booking, BookingLine, BookingRules } from '@truck-queue/shared/contracts/booking.contract';
import type { Supplier } from '@truck-queue/shared/contracts/supplier.contract';
import { errorMessage } from '../../lib/errors.ts';
import { typedTextRule } from '../../lib/form-rules.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useSupplierList } from '../suppliers/api/use-suppliers.ts';
import { useMakeBooking, useSeasons } from './api/use-bookings.ts';
import { bookingRefusalOf, refusalField, seasonOf } from './booking-rules.ts';
import { SlotFields, type SlotValues } from './slot-fields.tsx';

/** "Any of the supplier's vehicles" in the plate choice (a plate is never empty). */
const ANY_VEHICLE = '';

interface MakeValues extends SlotValues {
  supplier_id: number | undefined;
  id_branchQT: number | undefined;
  product: number | undefined;
  truck_license: string;
  reason: string;
}

/**
 * "จองคิว": the office books a slot for a supplier: the supplier (searched by code or name), the
 * line and one of its products, a day and a window, a plate of the supplier's or any of its
 * vehicles. Past the supplier's quota, where the season asks one, a reason.
 */
export function MakeBookingDialog({
  open,
  lines,
  rules,
  defaultLine,
  onClose,
  onMade,
}: {
  open: boolean;
  /** The lines that take bookings. */
  lines: BookingLine[];
  rules: BookingRules | undefined;
  defaultLine: number | undefined;
  onClose: () => void;
  onMade: (booking: Booking) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MakeValues>();
  const make = useMakeBooking();
  const seasons = useSeasons(open);
  const [failure, setFailure] = useState<string | null>(null);
  /** The season whose quota the supplier is past, once the server asked a reason for it. */
  const [reasonFor, setReasonFor] = useState<string | null>(null);
  const asksReason = reasonFor !== null;
  const [search, setSearch] = useState('');
  const find = useDebouncedValue(search.trim(), 250);
  const found = useSupplierList({ find, include_inactive: false, page: 1, page_size: 20 });
  const [supplier, setSupplier] = useState<Supplier | undefined>(undefined);
  const lineId = Form.useWatch('id_branchQT', form);
  const line = lines.find((l) => l.id_branchQT === lineId);

  const supplierOptions = [
    ...(supplier && !found.data?.suppliers.some((s) => s.id === supplier.id) ? [supplier] : []),
    ...(found.data?.suppliers ?? []),
  ].map((s) => ({ value: s.id, label: `${s.code} · ${s.name}`, supplier: s }));

  const submit = (values: MakeValues) => {
    if (make.isPending || !values.supplier_id || !values.id_branchQT || !values.product) return;
    if (!values.day || !values.window_start) return;
    setFailure(null);
    make.mutate(
      {
        supplier_id: values.supplier_id,
        id_branchQT: values.id_branchQT,
        product: values.product,
        day: values.day,
        window_start: values.window_start,
        truck_license: values.truck_license === ANY_VEHICLE ? null : values.truck_license,
        ...(asksReason && values.reason.trim() !== '' ? { reason: values.reason.trim() } : {}),
      },
      {
        onSuccess: ({ booking }) => {
          void message.success(t('bookings.make.made', { code: booking.code }));
          onMade(booking);
        },
        onError: (error) => {
          const reason = bookingRefusalOf(error);
          if (!reason) {
            setFailure(errorMessage(t, error));
            return;
          }
          const season = seasonOf(seasons.data ?? [], values.product!, values.day!);
          const asks = reason === 'OVER_QUOTA' && season?.over_quota === 'reason';
          // The reason's field opens under a word of why; sent again, a missing reason is said on it.
          if (asks && !asksReason) {
            setReasonFor(season.name);
            return;
          }
          const field = refusalField(reason, asks);
          const text = asks ? t('bookings.make.reasonRequired') : errorMessage(t, error);
          if (field === null) setFailure(text);
          else form.setFields([{ name: field, errors: [text] }]);
        },
      },
    );
  };

  return (
    <FormDialog<MakeValues>
      open={open}
      title={t('bookings.make.title')}
      form={form}
      initialValues={{
        supplier_id: undefined,
        id_branchQT: lines.some((l) => l.id_branchQT === defaultLine) ? defaultLine : lines[0]?.id_branchQT,
        product: undefined,
        day: undefined,
        window_start: undefined,
        truck_license: ANY_VEHICLE,
        reason: '',
      }}
      onFinish={submit}
      onCancel={onClose}
      okText={t('bookings.make.ok')}
      loading={make.isPending}
      width={640}
      afterClose={() => {
        setFailure(null);
        setReasonFor(null);
        setSearch('');
        setSupplier(undefined);
        make.reset();
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="supplier_id"
        label={t('bookings.columns.supplier')}
        rules={[{ required: true, message: t('bookings.make.supplierRequired') }]}
      >
        <Select<number>
          id="booking-supplier"
          showSearch={{ filterOption: false, onSearch: setSearch }}
          placeholder={t('bookings.make.supplierPlaceholder')}
          loading={found.isFetching}
          options={supplierOptions}
          notFoundContent={found.isFetching ? undefined : t('suppliers.picker.none')}
          onChange={(id) => {
            setSupplier(supplierOptions.find((o) => o.value === id)?.supplier);
            form.setFieldValue('truck_license', ANY_VEHICLE);
          }}
          onBlur={() => setSearch('')}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="id_branchQT"
            label={t('bookings.columns.line')}
            rules={[{ required: true, message: t('bookings.make.lineRequired') }]}
          >
            <Select<number>
              id="booking-line"
              options={lines.map((l) => ({ value: l.id_branchQT, label: l.queue_type_name }))}
              onChange={() =>
                form.setFieldsValue({ product: undefined, day: undefined, window_start: undefined })
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="product"
            label={t('bookings.columns.product')}
            rules={[{ required: true, message: t('bookings.make.productRequired') }]}
          >
            <Select<number>
              id="booking-product"
              disabled={!line}
              placeholder={t('bookings.make.productPlaceholder')}
              options={(line?.products ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <SlotFields form={form} line={line} rules={rules} idPrefix="booking" />
      <Form.Item
        name="truck_license"
        label={t('bookings.columns.vehicle')}
        extra={t('bookings.make.vehicleHint')}
      >
        <Select<string>
          id="booking-vehicle"
          options={[
            { value: ANY_VEHICLE, label: t('bookings.anyVehicle') },
            ...(supplier?.vehicles ?? []).map((plate) => ({ value: plate, label: plate })),
          ]}
        />
      </Form.Item>
      {asksReason && (
        <Alert
          type="warning"
          showIcon
          title={t('bookings.make.reasonAsked', { season: reasonFor })}
          style={{ marginBottom: 16 }}
          data-testid="booking-over-quota"
        />
      )}
      {asksReason && (
        <Form.Item
          name="reason"
          label={t('bookings.make.reason')}
          rules={[
            { required: true, whitespace: true, message: t('bookings.make.reasonRequired') },
            typedTextRule(t),
          ]}
        >
          <Input.TextArea
            id="booking-reason"
            maxLength={200}
            autoSize={{ minRows: 2, maxRows: 4 }}
            showCount
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
