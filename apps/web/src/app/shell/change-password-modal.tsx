import { App, Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@truck-queue/shared/password-rule';
import { useAccess } from '../../features/auth/api/use-access.ts';
import { useChangeOwnPassword } from '../../features/auth/api/use-change-own-password.ts';
import { currentPasswordFailure } from '../../features/auth/lockout.ts';
import { errorMessage } from '../../lib/errors.ts';
import { isPasswordRefusal, newPasswordRule } from '../../lib/form-rules.ts';

interface PasswordForm {
  current: string;
  next: string;
  confirm: string;
}

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/** "Change my password": current, new and confirmation; every password leaves pre-hashed. */
export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const change = useChangeOwnPassword();
  const { data: access } = useAccess();

  const close = () => {
    form.resetFields();
    change.reset();
    onClose();
  };

  const submit = (values: PasswordForm) => {
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: () => {
          void message.success(t('password.success'));
          close();
        },
        // The server's own check of the rule: said under the field, as the form says it.
        onError: (error) => {
          if (isPasswordRefusal(error)) form.setFields([{ name: 'next', errors: [errorMessage(t, error)] }]);
        },
      },
    );
  };

  const failure =
    change.error && !isPasswordRefusal(change.error) ? currentPasswordFailure(t, change.error) : null;

  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      forceRender
    >
      <Form
        form={form}
        name="own-password"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        style={{ marginTop: 16 }}
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="current"
          label={t('password.current')}
          rules={[{ required: true, message: t('password.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="next"
          label={t('password.new')}
          rules={[
            { required: true, message: t('password.newRequired') },
            newPasswordRule(t, () => [access?.officer.email ?? '', access?.officer.username ?? '']),
          ]}
          extra={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['next']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('next')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
