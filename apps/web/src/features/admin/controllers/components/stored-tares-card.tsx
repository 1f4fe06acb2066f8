import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StoredTareRow } from '@truck-queue/shared/contracts/weighing-rules.contract';
import { useDates } from '../../../../lib/calendar-context.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { formatKg, MAX_WEIGHT_KG, weightProblem } from '../../../weighing/weight.ts';
import { useSavedMessage } from '../../catalog/components/use-catalog-feedback.ts';
import { useRemoveStoredTare, useSaveStoredTare, useStoredTares } from '../api/use-weighing-rules.ts';

/**
 * The branch's stored tares (issue 42): one per vehicle, kept from its latest weigh-out or
 * recorded here (a vehicle weighed empty elsewhere, or re-weighed), with until when each is valid;
 * an admin forgets one so its next truck is weighed out.
 */
export function StoredTaresCard() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const dates = useDates();
  const saved = useSavedMessage();
  const [plate, setPlate] = useState('');
  const tares = useStoredTares(plate.trim());
  const record = useSaveStoredTare();
  const remove = useRemoveStoredTare();
  const [licence, setLicence] = useState('');
  const [kg, setKg] = useState<number | null>(null);
  const kgWrong = kg !== null && weightProblem(kg) !== null;

  const add = () => {
    if (!licence.trim() || kg === null || kgWrong) return;
    record.mutate(
      { licence: licence.trim(), kg },
      {
        onSuccess: () => {
          setLicence('');
          setKg(null);
          saved();
        },
      },
    );
  };

  return (
    <Card title={t('admin.storedTares.title')} data-testid="stored-tares-card">
      <Typography.Paragraph type="secondary">{t('admin.storedTares.description')}</Typography.Paragraph>
      {(record.isError || remove.isError) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, record.error ?? remove.error)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Flex gap={12} wrap align="end" style={{ marginBottom: 16 }}>
        <Form.Item label={t('admin.storedTares.licence')} style={{ marginBottom: 0 }}>
          <Input
            value={licence}
            onChange={(e) => setLicence(e.target.value)}
            maxLength={60}
            placeholder={t('admin.storedTares.licencePlaceholder')}
            style={{ width: 220 }}
            data-testid="stored-tare-licence"
          />
        </Form.Item>
        <Form.Item
          label={t('admin.storedTares.kg')}
          style={{ marginBottom: 0 }}
          validateStatus={kgWrong ? 'error' : undefined}
          help={kgWrong ? t('weighing.weightRange', { max: formatKg(MAX_WEIGHT_KG, locale) }) : undefined}
        >
          <InputNumber<number>
            value={kg}
            onChange={setKg}
            min={0}
            step={10}
            suffix={t('weighing.kg')}
            style={{ width: 180 }}
            data-testid="stored-tare-kg"
          />
        </Form.Item>
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={add}
          loading={record.isPending}
          disabled={!licence.trim() || kg === null || kgWrong}
          data-testid="stored-tare-record"
        >
          {t('admin.storedTares.record')}
        </Button>
        <Input.Search
          allowClear
          placeholder={t('admin.storedTares.search')}
          onSearch={setPlate}
          style={{ width: 240, marginInlineStart: 'auto' }}
        />
      </Flex>
      {tares.isError && <Alert type="error" showIcon title={errorMessage(t, tares.error)} />}
      <Table<StoredTareRow>
        size="small"
        rowKey="licence"
        loading={tares.isPending}
        dataSource={tares.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 860 }}
        locale={{ emptyText: t('admin.storedTares.empty') }}
        columns={[
          { key: 'licence', title: t('admin.storedTares.licence'), dataIndex: 'licence', width: 220 },
          {
            key: 'kg',
            title: t('admin.storedTares.kg'),
            dataIndex: 'kg',
            width: 120,
            align: 'end',
            render: (value: number) => <Typography.Text strong>{formatKg(value, locale)}</Typography.Text>,
          },
          {
            key: 'weighed',
            title: t('admin.storedTares.weighedAt'),
            width: 170,
            render: (_v, row) => dates.dateTime(row.weighed_at),
          },
          {
            key: 'valid',
            title: t('admin.storedTares.validUntil'),
            width: 200,
            render: (_v, row) => (
              <Flex gap={6} align="center" wrap>
                <span>{dates.date(row.expires_at)}</span>
                <Tag color={row.valid ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
                  {t(row.valid ? 'admin.storedTares.valid' : 'admin.storedTares.expired')}
                </Tag>
              </Flex>
            ),
          },
          {
            key: 'origin',
            title: t('admin.storedTares.origin'),
            width: 170,
            render: (_v, row) =>
              row.origin === 'officer'
                ? t('admin.storedTares.fromOffice')
                : t('admin.storedTares.fromTicket', { n: row.queue_number ?? '-' }),
          },
          {
            key: 'remove',
            title: '',
            width: 60,
            fixed: 'end',
            render: (_v, row) => (
              <Popconfirm
                title={t('admin.storedTares.removeConfirm', { licence: row.licence })}
                okText={t('admin.storedTares.remove')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(row.licence)}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('admin.storedTares.removeLabel', { licence: row.licence })}
                />
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
