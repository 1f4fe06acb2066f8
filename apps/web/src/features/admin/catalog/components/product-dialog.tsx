import { useState } from 'react';
import { Alert, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductLimits, ProductRow } from '@truck-queue/shared/contracts/catalog.contract';
import {
  DEFAULT_GROSS_LIMITS,
  VEHICLE_CLASSES,
  type VehicleClass,
} from '@truck-queue/shared/queue/weight-checks';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { typedTextRule } from '../../../../lib/form-rules.ts';
import { formatKg } from '../../../weighing/weight.ts';
import { groupedKg, limitProblem, NAME_MAX, sameName } from '../catalog-rules.ts';
import { useWeighingRules } from '../../controllers/api/use-weighing-rules.ts';

interface ProductValues {
  name: string;
  min_net_kg: number | null;
  max_net_kg: number | null;
  min_gross_kg: number | null;
  max_gross_kg: number | null;
  /** '' for none (a Select's value cannot be null). */
  vehicle_class: VehicleClass | '';
}

const LIMITS = [
  ['min_net_kg', 'max_net_kg'],
  ['min_gross_kg', 'max_gross_kg'],
] as const;

/**
 * Add or edit a product (issue 42): its name, unique in the branch, and what a load of it should
 * weigh: the minimum and maximum net and gross, and the vehicles that bring it, whose legal gross
 * the weighbridge checks. Weights outside are warned at the weighbridge, never refused.
 */
export function ProductDialog({
  open,
  product,
  otherNames,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  /** The product edited; undefined when adding. */
  product: ProductRow | undefined;
  otherNames: readonly string[];
  saving: boolean;
  onSave: (name: string, limits: ProductLimits) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [form] = Form.useForm<ProductValues>();
  const [failure, setFailure] = useState<string | null>(null);
  // The branch's legal gross per class (the weighbridge page sets it), the Thai default until read.
  const legal = useWeighingRules().data?.gross_limits ?? DEFAULT_GROSS_LIMITS;

  const submit = (values: ProductValues) => {
    if (saving) return;
    setFailure(null);
    const { name, vehicle_class, ...kg } = values;
    onSave(name.trim(), { ...kg, vehicle_class: vehicle_class === '' ? null : vehicle_class }).catch(
      (error: unknown) => {
        if (isApiRequestError(error) && error.detail.reason === 'NAME_TAKEN') {
          form.setFields([{ name: 'name', errors: [errorMessage(t, error)] }]);
        } else {
          setFailure(errorMessage(t, error));
        }
      },
    );
  };

  const kgField = (key: keyof ProductLimits & `${string}_kg`, max?: keyof ProductLimits & `${string}_kg`) => (
    <Form.Item
      name={key}
      label={t(`catalog.product.limits.${key}`)}
      dependencies={max ? [max] : []}
      style={{ flex: '1 1 180px', marginBottom: 8 }}
      rules={[
        {
          validator: (_rule, value: number | null | undefined) => {
            const problem = limitProblem(
              value ?? null,
              max ? { max: (form.getFieldValue(max) as number | null | undefined) ?? null } : undefined,
            );
            return problem
              ? Promise.reject(new Error(t(`catalog.product.limits.problem.${problem}`)))
              : Promise.resolve();
          },
        },
      ]}
    >
      <InputNumber<number>
        min={0}
        step={100}
        {...groupedKg}
        style={{ width: '100%' }}
        suffix={t('weighing.kg')}
        placeholder={t('catalog.product.limits.none')}
        data-testid={`product-${key}`}
      />
    </Form.Item>
  );

  return (
    <FormDialog<ProductValues>
      open={open}
      title={product ? t('catalog.product.editTitle') : t('catalog.product.addTitle')}
      form={form}
      initialValues={{
        name: product?.name ?? '',
        min_net_kg: product?.min_net_kg ?? null,
        max_net_kg: product?.max_net_kg ?? null,
        min_gross_kg: product?.min_gross_kg ?? null,
        max_gross_kg: product?.max_gross_kg ?? null,
        vehicle_class: product?.vehicle_class ?? '',
      }}
      onFinish={submit}
      onCancel={onClose}
      loading={saving}
      afterClose={() => setFailure(null)}
      width={600}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBlock: 8 }} />}
      <Form.Item
        name="name"
        label={t('catalog.product.name')}
        extra={product ? t('catalog.product.renameHint') : t('catalog.product.addHint')}
        style={{ marginTop: 16, marginBottom: 8 }}
        rules={[
          { required: true, whitespace: true, message: t('catalog.product.nameRequired') },
          typedTextRule(t),
          {
            validator: (_rule, value: string | undefined) => {
              const trimmed = value?.trim() ?? '';
              if (trimmed && otherNames.some((other) => sameName(other, trimmed))) {
                return Promise.reject(new Error(t('errors.reasons.NAME_TAKEN')));
              }
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input
          placeholder={t('catalog.product.namePlaceholder')}
          maxLength={NAME_MAX}
          autoFocus
          autoComplete="off"
        />
      </Form.Item>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('catalog.product.limits.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('catalog.product.limits.hint')}
      </Typography.Paragraph>
      {LIMITS.map(([min, max]) => (
        <Flex key={min} gap={12} wrap>
          {kgField(min, max)}
          {kgField(max)}
        </Flex>
      ))}
      <Form.Item
        name="vehicle_class"
        label={t('catalog.product.limits.vehicle_class')}
        extra={t('catalog.product.limits.vehicleHint')}
        style={{ marginBottom: 8 }}
      >
        <Select<VehicleClass | ''>
          data-testid="product-vehicle-class"
          options={[
            { value: '', label: t('catalog.product.limits.noVehicle') },
            ...VEHICLE_CLASSES.map((c) => ({
              value: c,
              label: t('catalog.product.limits.vehicleOption', {
                name: t(`vehicleClasses.${c}`),
                limit: formatKg(legal[c], locale),
              }),
            })),
          ]}
        />
      </Form.Item>
    </FormDialog>
  );
}
