import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Reason } from '@truck-queue/shared/contracts/yard.contract';
import type { ReasonKind } from '@truck-queue/shared/queue/yard-rules';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { typedTextRule } from '../../../../lib/form-rules.ts';
import { REASON_NAME_MAX, reasonNameTaken, SORT_MAX } from '../reason-rules.ts';

export interface ReasonFormValues {
  name: string;
  sort: number;
  /** The queue types it applies to; empty: every one. */
  queueTypeIds: number[];
}

/** A queue type of the branch the reason may be narrowed to. */
export interface ReasonQueueType {
  id: number;
  queue_type_name: string;
  prefix: string;
}

interface ReasonFormDialogProps {
  open: boolean;
  kind: ReasonKind;
  /** The reason being renamed or reordered; undefined when adding. */
  editing: Reason | undefined;
  /** Every reason of the branch, for the name check. */
  reasons: readonly Reason[];
  /** A new reason's sort number: after the last of its kind. */
  defaultSort: number;
  /** The branch's queue types, to narrow the reason to some of them. */
  queueTypes: readonly ReasonQueueType[];
  saving: boolean;
  /** Saves; resolves when saved (the page then closes the dialog). */
  onSave: (values: ReasonFormValues) => Promise<unknown>;
  onClose: () => void;
}

/** Add a reason, or rename and reorder one: a name unique within its list, and a sort number. */
export function ReasonFormDialog({
  open,
  kind,
  editing,
  reasons,
  defaultSort,
  queueTypes,
  saving,
  onSave,
  onClose,
}: ReasonFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReasonFormValues>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (values: ReasonFormValues) => {
    if (saving) return;
    setFailure(null);
    onSave({ name: values.name.trim(), sort: values.sort, queueTypeIds: values.queueTypeIds }).catch(
      (error: unknown) => {
        if (isApiRequestError(error) && error.detail.reason === 'NAME_TAKEN') {
          form.setFields([{ name: 'name', errors: [t('yard.rules.nameTaken')] }]);
        } else {
          setFailure(errorMessage(t, error));
        }
      },
    );
  };

  return (
    <FormDialog<ReasonFormValues>
      open={open}
      title={
        editing
          ? t('yard.rules.editTitle', { list: t(`yard.rules.kinds.${kind}`) })
          : t('yard.rules.addTitle', { list: t(`yard.rules.kinds.${kind}`) })
      }
      form={form}
      initialValues={{
        name: editing?.name ?? '',
        sort: editing?.sort ?? defaultSort,
        queueTypeIds: editing?.queue_type_ids ?? [],
      }}
      onFinish={submit}
      onCancel={onClose}
      loading={saving}
      afterClose={() => setFailure(null)}
      width={480}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBlock: 8 }} />}
      <Form.Item
        name="name"
        label={t('yard.rules.name')}
        extra={editing ? t('yard.rules.renameHint') : undefined}
        style={{ marginTop: 16 }}
        rules={[
          { required: true, whitespace: true, message: t('yard.rules.nameRequired') },
          typedTextRule(t),
          {
            validator: (_rule, value: string | undefined) =>
              value?.trim() && reasonNameTaken(reasons, kind, value, editing?.id)
                ? Promise.reject(new Error(t('yard.rules.nameTaken')))
                : Promise.resolve(),
          },
        ]}
      >
        <Input
          placeholder={t('yard.rules.namePlaceholder')}
          maxLength={REASON_NAME_MAX}
          autoFocus
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item
        name="sort"
        label={t('yard.rules.sort')}
        extra={t('yard.rules.sortHint')}
        rules={[{ required: true, message: t('yard.rules.sortRequired') }]}
      >
        <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item
        name="queueTypeIds"
        label={t('yard.rules.queueTypes')}
        extra={t('yard.rules.queueTypesHint')}
        style={{ marginBottom: 8 }}
      >
        <Select<number[]>
          mode="multiple"
          allowClear
          placeholder={t('yard.rules.allQueueTypes')}
          options={queueTypes.map((type) => ({
            value: type.id,
            label: `${type.queue_type_name} (${type.prefix})`,
          }))}
          optionFilterProp="label"
          data-testid="reason-queue-types"
        />
      </Form.Item>
    </FormDialog>
  );
}
