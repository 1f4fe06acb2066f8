import { useState } from 'react';
import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import type { TransferTarget } from '../yard-actions.ts';

interface TransferDialogProps {
  open: boolean;
  queueNumber: string;
  /** The other queue types of the ticket's flow. */
  targets: readonly TransferTarget[];
  /** Sends the move; resolves true when the dialog may close. */
  onSubmit: (target: TransferTarget) => Promise<boolean>;
  onClose: () => void;
}

interface TransferValues {
  target: number | undefined;
}

/**
 * A waiting ticket moves to another queue type of its flow (the wrong type was chosen at the
 * kiosk). It keeps its identity: the driver's page, the printed QR code and its history; it
 * gets the next number of the new type, and screens show the old one beside it.
 */
export function TransferDialog({ open, queueNumber, targets, onSubmit, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TransferValues>();
  const [sending, setSending] = useState(false);

  const submit = async ({ target }: TransferValues) => {
    const chosen = targets.find((type) => type.id === target);
    if (sending || !chosen) return;
    setSending(true);
    try {
      if (await onSubmit(chosen)) onClose();
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog<TransferValues>
      open={open}
      title={t('yard.transfer.title', { queue: queueNumber })}
      form={form}
      initialValues={{ target: targets.length === 1 ? targets[0]?.id : undefined }}
      onFinish={(values) => void submit(values)}
      onCancel={onClose}
      okText={t('yard.transfer.ok')}
      loading={sending}
      width={520}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('yard.transfer.text')}
      </Typography.Paragraph>
      <Form.Item
        name="target"
        label={t('yard.transfer.target')}
        rules={[{ required: true, message: t('yard.transfer.targetRequired') }]}
        style={{ marginBottom: 8 }}
      >
        <Select<number>
          placeholder={t('yard.transfer.targetPlaceholder')}
          options={targets.map((type) => ({
            value: type.id,
            label: `${type.prefix} · ${type.queue_type_name}`,
          }))}
          autoFocus
        />
      </Form.Item>
    </FormDialog>
  );
}
