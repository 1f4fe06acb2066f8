import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Form,
  InputNumber,
  Modal,
  Row,
  Select,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { ResponseOf } from '@truck-queue/shared/contracts/api';
import type { BookingLine, generateBookings } from '@truck-queue/shared/contracts/booking.contract';
import { addDays } from '@truck-queue/shared/plant-day';
import { useDates } from '../../lib/calendar-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { useGenerateBookings, useSeasons } from './api/use-bookings.ts';

interface GenerateValues {
  season_id: number | undefined;
  id_branchQT: number | undefined;
  period: [Dayjs, Dayjs] | null;
  tonnes_per_load: number;
}

type Preview = ResponseOf<typeof generateBookings>;

/**
 * "แจกช่วงเวลา": hands out a season's remaining quota as slots of a line over some days. The
 * officer sees first what it would book (each supplier's loads left and slots), then books it.
 */
export function GenerateDialog({
  open,
  lines,
  defaultLine,
  onClose,
}: {
  open: boolean;
  lines: BookingLine[];
  defaultLine: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dates = useDates();
  const today = usePlantToday();
  const [form] = Form.useForm<GenerateValues>();
  const seasons = useSeasons(open);
  const generate = useGenerateBookings();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const seasonId = Form.useWatch('season_id', form);
  const period = Form.useWatch('period', form);
  const season = seasons.data?.find((s) => s.id === seasonId);
  const choices = (seasons.data ?? []).filter((s) => s.active);

  const run = (apply: boolean) => {
    void form.validateFields().then((values) => {
      if (!values.season_id || !values.id_branchQT || !values.period) return;
      setFailure(null);
      generate.mutate(
        {
          season_id: values.season_id,
          id_branchQT: values.id_branchQT,
          from: values.period[0].format(API_DATE_FORMAT),
          to: values.period[1].format(API_DATE_FORMAT),
          tonnes_per_load: values.tonnes_per_load,
          apply,
        },
        {
          onSuccess: (result) => {
            if (!result.applied) {
              setPreview(result);
              return;
            }
            void message.success(t('bookings.generate.done', { n: result.slots }));
            onClose();
          },
          onError: (error) => setFailure(errorMessage(t, error)),
        },
      );
    });
  };

  return (
    <Modal
      open={open}
      title={t('bookings.generate.title')}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      afterClose={() => {
        setPreview(null);
        setFailure(null);
        generate.reset();
      }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="preview" onClick={() => run(false)} loading={generate.isPending && !preview}>
          {t('bookings.generate.preview')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          disabled={!preview || preview.slots === 0}
          loading={generate.isPending && !!preview}
          onClick={() => run(true)}
        >
          {t('bookings.generate.apply', { n: preview?.slots ?? 0 })}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('bookings.generate.description')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<GenerateValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          season_id: undefined,
          id_branchQT: lines.some((l) => l.id_branchQT === defaultLine) ? defaultLine : lines[0]?.id_branchQT,
          period: [dayjs(addDays(today, 1)), dayjs(addDays(today, 7))],
          tonnes_per_load: 15,
        }}
        // What the preview showed is no longer what would be booked.
        onValuesChange={() => setPreview(null)}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="season_id"
              label={t('bookings.generate.season')}
              rules={[{ required: true, message: t('bookings.generate.seasonRequired') }]}
            >
              <Select<number>
                id="generate-season"
                loading={seasons.isPending}
                placeholder={t('bookings.generate.seasonPlaceholder')}
                notFoundContent={t('bookings.generate.noSeasons')}
                options={choices.map((s) => ({ value: s.id, label: `${s.name} · ${s.product_name}` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="id_branchQT"
              label={t('bookings.columns.line')}
              rules={[{ required: true, message: t('bookings.make.lineRequired') }]}
            >
              <Select<number>
                id="generate-line"
                options={lines.map((l) => ({ value: l.id_branchQT, label: l.queue_type_name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item
              name="period"
              label={t('bookings.generate.period')}
              rules={[{ required: true, message: t('bookings.generate.periodRequired') }]}
            >
              <DatePicker.RangePicker
                id={{ start: 'generate-from', end: 'generate-to' }}
                allowClear={false}
                needConfirm={false}
                disabledDate={(value: Dayjs) => value.format(API_DATE_FORMAT) < today}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          {season?.unit !== 'loads' && (
            <Col xs={24} sm={10}>
              <Form.Item
                name="tonnes_per_load"
                label={t('bookings.generate.tonnesPerLoad')}
                rules={[{ required: true, message: t('bookings.generate.tonnesRequired') }]}
              >
                <InputNumber
                  id="generate-tonnes"
                  min={0.5}
                  max={100}
                  step={0.5}
                  suffix={t('bookings.units.tonnes')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
      {preview && (
        <>
          <Alert
            type={preview.slots > 0 ? 'info' : 'warning'}
            showIcon
            title={
              preview.slots > 0
                ? t('bookings.generate.previewSays', {
                    n: preview.slots,
                    suppliers: preview.suppliers.length,
                  })
                : t('bookings.generate.nothing')
            }
            style={{ marginBottom: 12 }}
          />
          <Table
            rowKey="supplier_id"
            size="small"
            data-testid="generate-preview"
            dataSource={preview.suppliers}
            pagination={preview.suppliers.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
            columns={[
              { key: 'code', title: t('bookings.generate.code'), dataIndex: 'code', width: 120 },
              { key: 'name', title: t('bookings.columns.supplier'), dataIndex: 'name' },
              {
                key: 'left',
                title: t('bookings.generate.left'),
                dataIndex: 'left',
                width: 130,
                align: 'end',
              },
              {
                key: 'slots',
                title: t('bookings.generate.slots'),
                width: 110,
                align: 'end',
                render: (_v, s) => <Typography.Text strong>{s.slots}</Typography.Text>,
              },
            ]}
          />
          <Typography.Text type="secondary">
            {t('bookings.generate.periodSays', {
              from: dates.date(period?.[0]),
              to: dates.date(period?.[1]),
            })}
          </Typography.Text>
        </>
      )}
    </Modal>
  );
}
