import { useState } from 'react';
import { Alert, App, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  SUPPLIER_VEHICLES_MAX,
  type Supplier,
  type SupplierKind,
} from '@truck-queue/shared/contracts/supplier.contract';
import { LICENCE_MAX } from '@truck-queue/shared/licence';
import { errorMessage } from '../../lib/errors.ts';
import { typedTextRule } from '../../lib/form-rules.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { LicenceProblem } from '../plates/plate-draft.ts';
import { suppliersHolding, useLeaders, useSaveSupplier } from './api/use-suppliers.ts';
import {
  codeProblem,
  normalisePlates,
  normaliseTag,
  phoneOk,
  plateKey,
  platesProblem,
  SUPPLIER_KINDS,
  supplierRefusals,
  taxIdProblem,
} from './supplier-rules.ts';
import { VehicleTagsField } from './vehicle-tags-field.tsx';

interface SupplierFormValues {
  code: string;
  name: string;
  kind: SupplierKind | undefined;
  phone: string;
  tax_id: string;
  leader_id: number | null;
  vehicles: string[];
  active: boolean;
  /** The ERP's vendor number (issue 42); '' none: its goods receipts carry its code. */
  erp_code: string;
  /** The RFID tag each vehicle carries, by its plate key (issue 42); '' or left out: none. */
  tags: Record<string, string | undefined>;
}

/** Why a plate is not one, in the officer's words. */
export function plateProblemText(t: TFunction, plate: string, problem: LicenceProblem): string {
  switch (problem) {
    case 'tooLong':
      return t('suppliers.form.plateTooLong', { plate, max: LICENCE_MAX });
    case 'startsLikeFormula':
      return t('suppliers.form.plateStartsLikeFormula', { plate });
    case 'empty':
    case 'numberMissing':
    case 'invalid':
      return t('suppliers.form.plateInvalid', { plate });
  }
}

/** Add (no supplier) or edit a supplier: code, name, kind, phone, tax id, group leader, plates, active. */
export function SupplierFormDialog({
  open,
  supplier,
  onClose,
}: {
  open: boolean;
  supplier: Supplier | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SupplierFormValues>();
  const save = useSaveSupplier();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaderSearch, setLeaderSearch] = useState('');
  const leaderFind = useDebouncedValue(leaderSearch.trim(), 250);
  const leaders = useLeaders(leaderFind, open);
  const kind = Form.useWatch('kind', form);

  const leaderOptions = (leaders.data ?? [])
    .filter((leader) => leader.id !== supplier?.id)
    .map((leader) => ({
      value: leader.id,
      label: `${leader.code} · ${leader.name}${leader.active ? '' : ` (${t('suppliers.inactive')})`}`,
    }));
  // The present leader shows by name even when the search has not brought it.
  if (
    supplier?.leader &&
    supplier.leader_id !== null &&
    !leaderOptions.some((o) => o.value === supplier.leader_id)
  )
    leaderOptions.unshift({
      value: supplier.leader_id,
      label: `${supplier.leader.code} · ${supplier.leader.name}`,
    });

  const nameTakenPlate = async (plates: string[]): Promise<string> => {
    // The server names the other supplier in English: name it here from the list, by plate.
    const own = new Set((supplier?.vehicles ?? []).map(plateKey));
    for (const plate of plates.filter((p) => !own.has(plateKey(p)))) {
      try {
        const owners = await suppliersHolding(plate);
        const other = owners.find(
          (o) => o.id !== supplier?.id && o.vehicles.some((v) => plateKey(v) === plateKey(plate)),
        );
        if (other) return t('suppliers.form.plateTakenBy', { plate, code: other.code, name: other.name });
      } catch {
        break;
      }
    }
    return t('suppliers.form.plateTaken');
  };

  /** A TAG_TAKEN named on the plate whose tag another supplier's vehicle carries, from the list. */
  const nameTakenTag = async (tags: Record<string, string>) => {
    const own = new Set(Object.values(supplier?.vehicle_tags ?? {}));
    for (const [plate, tag] of Object.entries(tags).filter(([, tag]) => !own.has(tag))) {
      try {
        const other = (await suppliersHolding(tag)).find(
          (o) => o.id !== supplier?.id && Object.values(o.vehicle_tags).includes(tag),
        );
        if (other) {
          const carrier = Object.keys(other.vehicle_tags).find((p) => other.vehicle_tags[p] === tag) ?? '';
          form.setFields([
            {
              name: ['tags', plateKey(plate)],
              errors: [
                t('suppliers.form.tagTakenBy', { plate: carrier, code: other.code, name: other.name }),
              ],
            },
          ]);
          return;
        }
      } catch {
        break;
      }
    }
    setFailure(t('suppliers.form.tagTaken'));
  };

  const submit = (values: SupplierFormValues) => {
    if (save.isPending || values.kind === undefined) return;
    setFailure(null);
    const vehicles = normalisePlates(values.vehicles);
    // Only the plates still among the vehicles; a box left empty: the vehicle carries none.
    const vehicleTags = Object.fromEntries(
      vehicles
        .map((plate) => [plate, normaliseTag(values.tags?.[plateKey(plate)])] as const)
        .filter(([, tag]) => tag !== ''),
    );
    save.mutate(
      {
        ...(supplier ? { id: supplier.id } : {}),
        code: values.code.trim(),
        name: values.name.trim(),
        kind: values.kind,
        phone: values.phone.trim() === '' ? null : values.phone.trim(),
        tax_id: values.tax_id.trim() === '' ? null : values.tax_id.trim(),
        leader_id: values.leader_id ?? null,
        active: values.active,
        vehicles,
        erp_code: values.erp_code.trim() === '' ? null : values.erp_code.trim(),
        vehicle_tags: vehicleTags,
      },
      {
        onSuccess: () => {
          void message.success(t('catalog.common.saved'));
          onClose();
        },
        onError: (error) => {
          const refusals = supplierRefusals(error);
          if (refusals.length === 0) {
            setFailure(errorMessage(t, error));
            return;
          }
          for (const refusal of refusals) {
            if (refusal.key === 'suppliers.form.tagTaken') {
              void nameTakenTag(vehicleTags);
            } else if (refusal.field === 'tags') {
              const plate = refusal.plate ?? '';
              if (vehicles.some((v) => plateKey(v) === plateKey(plate)))
                form.setFields([{ name: ['tags', plateKey(plate)], errors: [t(refusal.key)] }]);
              else setFailure(t(refusal.key));
            } else if (refusal.key === 'suppliers.form.plateTaken') {
              void nameTakenPlate(vehicles).then((text) =>
                form.setFields([{ name: 'vehicles', errors: [text] }]),
              );
            } else {
              const plate = refusal.index !== undefined ? vehicles[refusal.index] : undefined;
              form.setFields([{ name: refusal.field, errors: [t(refusal.key, { plate: plate ?? '' })] }]);
            }
          }
        },
      },
    );
  };

  return (
    <FormDialog<SupplierFormValues>
      open={open}
      title={supplier ? t('suppliers.form.editTitle') : t('suppliers.form.addTitle')}
      form={form}
      initialValues={{
        code: supplier?.code ?? '',
        name: supplier?.name ?? '',
        kind: supplier?.kind,
        phone: supplier?.phone ?? '',
        tax_id: supplier?.tax_id ?? '',
        leader_id: supplier?.leader_id ?? null,
        vehicles: supplier?.vehicles ?? [],
        active: supplier?.active ?? true,
        erp_code: supplier?.erp_code ?? '',
        tags: Object.fromEntries(
          Object.entries(supplier?.vehicle_tags ?? {}).map(([plate, tag]) => [plateKey(plate), tag]),
        ),
      }}
      onFinish={submit}
      onCancel={onClose}
      loading={save.isPending}
      width={640}
      afterClose={() => {
        setFailure(null);
        setLeaderSearch('');
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} sm={9}>
          <Form.Item
            name="code"
            label={t('suppliers.columns.code')}
            extra={t('suppliers.form.codeHint')}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const problem = codeProblem(value ?? '');
                  return problem
                    ? Promise.reject(new Error(t(`suppliers.form.code.${problem}`)))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input maxLength={20} autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={15}>
          <Form.Item
            name="name"
            label={t('suppliers.columns.name')}
            rules={[
              { required: true, whitespace: true, message: t('suppliers.form.nameRequired') },
              typedTextRule(t),
            ]}
          >
            <Input maxLength={120} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={9}>
          <Form.Item
            name="kind"
            label={t('suppliers.columns.kind')}
            rules={[{ required: true, message: t('suppliers.form.kindRequired') }]}
          >
            <Select<SupplierKind>
              placeholder={t('suppliers.form.kindPlaceholder')}
              options={SUPPLIER_KINDS.map((k) => ({ value: k, label: t(`suppliers.kinds.${k}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={15}>
          <Form.Item
            name="leader_id"
            label={t('suppliers.leader')}
            extra={kind === 'leader' ? undefined : t('suppliers.form.leaderHint')}
          >
            <Select<number | null>
              allowClear
              showSearch={{ filterOption: false, onSearch: setLeaderSearch }}
              placeholder={t('suppliers.form.leaderPlaceholder')}
              loading={leaders.isFetching}
              options={leaderOptions}
              notFoundContent={leaders.isFetching ? undefined : t('suppliers.form.noLeader')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={9}>
          <Form.Item
            name="phone"
            label={t('suppliers.columns.phone')}
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  phoneOk(value ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('suppliers.form.phoneInvalid'))),
              },
            ]}
          >
            <Input maxLength={20} autoComplete="off" inputMode="tel" placeholder="081-234-5678" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={15}>
          <Form.Item
            name="tax_id"
            label={t('suppliers.columns.tax_id')}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const problem = taxIdProblem(value ?? '');
                  return problem
                    ? Promise.reject(new Error(t(`suppliers.form.taxId.${problem}`)))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input maxLength={17} autoComplete="off" inputMode="numeric" placeholder="1234567890123" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="vehicles"
        label={t('suppliers.columns.vehicles')}
        extra={t('suppliers.form.vehiclesHint', { max: SUPPLIER_VEHICLES_MAX })}
        rules={[
          {
            validator: (_rule, value: string[] | undefined) => {
              const plates = value ?? [];
              if (plates.length > SUPPLIER_VEHICLES_MAX)
                return Promise.reject(
                  new Error(t('suppliers.form.tooManyPlates', { max: SUPPLIER_VEHICLES_MAX })),
                );
              const problem = platesProblem(plates);
              return problem
                ? Promise.reject(new Error(plateProblemText(t, problem.plate, problem.problem)))
                : Promise.resolve();
            },
          },
        ]}
        normalize={(value: string[]) => normalisePlates(value)}
      >
        <Select<string[]>
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',']}
          placeholder={t('suppliers.form.vehiclesPlaceholder')}
          aria-label={t('suppliers.columns.vehicles')}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['vehicles']}>
        {() => (
          <VehicleTagsField
            key={supplier?.id ?? 'new'}
            plates={(form.getFieldValue('vehicles') as string[] | undefined) ?? []}
            anyTag={Object.keys(supplier?.vehicle_tags ?? {}).length > 0}
          />
        )}
      </Form.Item>
      <Form.Item
        name="erp_code"
        label={t('suppliers.form.erpCode')}
        extra={t('suppliers.form.erpCodeHint')}
        rules={[{ pattern: /^[0-9A-Za-z._/-]*$/, message: t('erp.codeRule') }]}
      >
        <Input maxLength={40} autoComplete="off" style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item
        name="active"
        label={t('suppliers.columns.active')}
        valuePropName="checked"
        extra={t('suppliers.form.activeHint')}
      >
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
