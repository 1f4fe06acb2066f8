import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfficerRow } from '@truck-queue/shared/contracts/officer.contract';
import { PASSWORD_MIN_LENGTH } from '@truck-queue/shared/password-rule';
import { errorMessage } from '../../../../lib/errors.ts';
import { isPasswordRefusal, newPasswordRule } from '../../../../lib/form-rules.ts';
import { useRetained } from '../../controllers/components/use-retained.ts';
import { useChangeOfficerPassword } from '../api/use-change-officer-password.ts';
import { FormButtons } from '../../../../components/form-dialog.tsx';

interface PasswordValues {
  next: string;
  confirm: string;
}

interface ChangePasswordDialogProps {
  /** Whose password to set; null while closed. */
  officer: OfficerRow | null;
  onClose: () => void;
}

/** An admin sets a new password for an officer: new password and its confirmation. */
export function ChangePasswordDialog({ officer, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const shown = useRetained(officer);
  return (
    <Modal
      open={officer !== null}
      title={t('admin.users.password.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={480}
    >
      {shown && <PasswordForm officer={shown} onClose={onClose} />}
    </Modal>
  );
}

function PasswordForm({ officer, onClose }: { officer: OfficerRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangeOfficerPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (values: PasswordValues) => {
    if (change.isPending) return;
    setFailure(null);
    change.mutate(
      // The confirmation was checked by the form (its rule below): only the new password leaves.
      { uuid: officer.uuid, newPassword: values.next },
      {
        onSuccess: () => {
          void message.success(t('admin.users.saved'));
          onClose();
        },
        onError: (error) => {
          if (isPasswordRefusal(error)) form.setFields([{ name: 'next', errors: [errorMessage(t, error)] }]);
          else setFailure(errorMessage(t, error));
        },
      },
    );
  };

  return (
    <Form<PasswordValues>
      form={form}
      name="officerPassword"
      layout="vertical"
      requiredMark={false}
      initialValues={{ next: '', confirm: '' }}
      onFinish={submit}
      style={{ marginTop: 8 }}
    >
      <Typography.Paragraph type="secondary">
        {t('admin.users.password.for', {
          name: `${officer.name} ${officer.lastname}`.trim(),
          email: officer.email || officer.username,
        })}
      </Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        title={t('admin.users.password.signOutHint')}
        style={{ marginBottom: 16 }}
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="next"
        label={t('admin.users.password.new')}
        rules={[
          { required: true, message: t('admin.users.password.newRequired') },
          newPasswordRule(t, () => [officer.email, officer.username]),
        ]}
        extra={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
      >
        <Input.Password maxLength={200} autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('admin.users.password.confirm')}
        dependencies={['next']}
        rules={[
          { required: true, message: t('admin.users.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('next')
                ? Promise.resolve()
                : Promise.reject(new Error(t('admin.users.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password maxLength={200} autoComplete="new-password" />
      </Form.Item>
      <FormButtons onCancel={onClose} loading={change.isPending} />
    </Form>
  );
}
