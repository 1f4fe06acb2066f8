import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Reason, ReasonArg } from '@truck-queue/shared/contracts/yard.contract';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { typedTextRule } from '../../../lib/form-rules.ts';
import { reasonArg } from '../yard-actions.ts';

/** The note's limit (yard.contract.ts ReasonNoteSchema). */
export const NOTE_MAX = 200;

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the move does, above the fields. */
  description: ReactNode;
  /** A field of the move's own between the text and the reason (a class change's new class). */
  extra?: ReactNode;
  okText: string;
  danger?: boolean;
  /** The branch's active reasons of the move's kind, in order. */
  reasons: readonly Reason[];
  /** The reasons are still loading (or failed: `failed` says why). */
  loading: boolean;
  failed: string | null;
  /**
   * Where the reason shows, under the note; by default the ticket's own reason (its card, the
   * reports, the history). A call out of order, an admission or a class change keeps it in the
   * history only.
   */
  shownWhere?: string;
  /** What the dialog opens with (the lab's values propose a reason and a note). */
  initial?: { reason_id?: number | undefined; note?: string } | undefined;
  /** Sends the move; resolves true when the dialog may close. */
  onSubmit: (reason: ReasonArg) => Promise<boolean>;
  onClose: () => void;
}

interface ReasonValues {
  reason_id: number | undefined;
  note: string;
}

/**
 * Recheck, reject or void: why, picked from the branch's list (required), and an optional note.
 * The reason shows on the card, the driver's page (recheck, reject), the reports and the history.
 */
export function ReasonDialog({
  open,
  title,
  description,
  extra,
  okText,
  danger = false,
  reasons,
  loading,
  failed,
  initial,
  shownWhere,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReasonValues>();
  const [sending, setSending] = useState(false);
  const none = !loading && failed === null && reasons.length === 0;

  const submit = async ({ reason_id, note }: ReasonValues) => {
    if (sending || reason_id === undefined) return;
    setSending(true);
    try {
      if (await onSubmit(reasonArg(reason_id, note))) onClose();
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog<ReasonValues>
      open={open}
      title={title}
      form={form}
      initialValues={{ reason_id: initial?.reason_id, note: initial?.note ?? '' }}
      onFinish={(values) => void submit(values)}
      onCancel={onClose}
      okText={okText}
      // Beside "void the ticket" or "reject", a plain "close": never two buttons that read "cancel".
      cancelText={t('common.close')}
      loading={sending}
      danger={danger}
      okDisabled={none || failed !== null}
      width={520}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {description}
      </Typography.Paragraph>
      {extra}
      {failed !== null && (
        <Alert type="error" showIcon title={t('yard.reason.loadFailed')} description={failed} />
      )}
      {none && <Alert type="warning" showIcon title={t('yard.reason.none')} />}
      {!none && failed === null && (
        <>
          <Form.Item
            name="reason_id"
            label={t('yard.reason.label')}
            rules={[{ required: true, message: t('yard.reason.required') }]}
          >
            <Select<number>
              placeholder={t('yard.reason.placeholder')}
              loading={loading}
              options={reasons.map((reason) => ({ value: reason.id, label: reason.name }))}
              showSearch={{ optionFilterProp: 'label' }}
              autoFocus
            />
          </Form.Item>
          <Form.Item name="note" label={t('yard.reason.note')} rules={[typedTextRule(t)]}>
            <Input.TextArea
              placeholder={t('yard.reason.notePlaceholder')}
              maxLength={NOTE_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </Form.Item>
          {/* Below the note's character count, not beside it. */}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {shownWhere ?? t('yard.reason.shownWhere')}
          </Typography.Paragraph>
        </>
      )}
    </FormDialog>
  );
}
