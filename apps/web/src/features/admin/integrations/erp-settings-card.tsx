import { useEffect } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Table, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ErpSettings } from '@truck-queue/shared/contracts/goods-receipt.contract';
import { errorMessage } from '../../../lib/errors.ts';
import { useErpSettings, useSaveErpSettings } from '../../reports/goods-receipts/use-goods-receipts.ts';

interface ErpForm {
  plant_code: string;
  movement_type: string;
  /** Product id → its material code as typed ('' none). */
  codes: Record<string, string>;
}

/** What the ERP takes as a code: letters, digits, dots, dashes, slashes, underscores (contract ErpCodeSchema). */
const CODE_PATTERN = /^[0-9A-Za-z._/-]*$/;
const CODE_MAX = 40;

const formOf = (s: ErpSettings): ErpForm => ({
  plant_code: s.plant_code,
  movement_type: s.movement_type,
  codes: Object.fromEntries(s.products.map((p) => [String(p.id), p.erp_code ?? ''])),
});

/**
 * The branch's ERP codes for its goods receipts (issue 42): the plant code and movement type the
 * ERP posts them under, and each product's material code. Suppliers' vendor numbers are in the
 * supplier dialog (a supplier without one is sent by its code).
 */
export function ErpSettingsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useErpSettings();
  const save = useSaveErpSettings();
  const [form] = Form.useForm<ErpForm>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(formOf(settings.data));
  }, [settings.data, form]);
  const codeRules = [{ pattern: CODE_PATTERN, message: t('erp.codeRule') }, { max: CODE_MAX }];

  const submit = (values: ErpForm) =>
    save.mutate(
      {
        plant_code: values.plant_code.trim(),
        movement_type: values.movement_type.trim(),
        products: (settings.data?.products ?? []).map((p) => {
          const code = (values.codes[String(p.id)] ?? '').trim();
          return { id: p.id, erp_code: code === '' ? null : code };
        }),
      },
      { onSuccess: () => void message.success(t('erp.saved')) },
    );

  return (
    <Card title={t('erp.title')} loading={settings.isLoading}>
      <Typography.Paragraph type="secondary">{t('erp.hint')}</Typography.Paragraph>
      {settings.isError && <Alert type="error" showIcon title={errorMessage(t, settings.error)} />}
      {save.isError && (
        <Alert type="error" showIcon title={errorMessage(t, save.error)} style={{ marginBottom: 12 }} />
      )}
      <Form<ErpForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Flex gap={12} wrap>
          <Form.Item
            name="plant_code"
            label={t('erp.plantCode')}
            extra={t('erp.plantCodeHint')}
            rules={codeRules}
          >
            <Input style={{ width: 200 }} maxLength={CODE_MAX} />
          </Form.Item>
          <Form.Item
            name="movement_type"
            label={t('erp.movementType')}
            extra={t('erp.movementTypeHint')}
            rules={[{ required: true, whitespace: true }, ...codeRules]}
          >
            <Input style={{ width: 200 }} maxLength={CODE_MAX} />
          </Form.Item>
        </Flex>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={settings.data?.products ?? []}
          style={{ maxWidth: 560, marginBottom: 16 }}
          locale={{ emptyText: t('erp.noProducts') }}
          columns={[
            { key: 'name', title: t('erp.product'), dataIndex: 'name' },
            {
              key: 'code',
              title: t('erp.materialCode'),
              width: 240,
              render: (_v, p) => (
                <Form.Item name={['codes', String(p.id)]} rules={codeRules} style={{ marginBottom: 0 }}>
                  <Input
                    maxLength={CODE_MAX}
                    placeholder={t('erp.noCode')}
                    aria-label={t('erp.materialCodeOf', { name: p.name })}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
