import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@truck-queue/shared/contracts/controller.contract';
import { DeviceIdSchema } from '@truck-queue/shared/contracts/controller.contract';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import type { DeviceKind } from '../api/query-keys.ts';
import { useRegisterDevice } from '../api/use-register-device.ts';
import { useRetained } from './use-retained.ts';
import { FormButtons } from '../../../../components/form-dialog.tsx';

const DEVICE_ID_MAX = 10;

/** Upper-cased as typed; spaces and dashes dropped (the screen shows the code in two groups). */
export function normaliseDeviceId(value: string | undefined): string {
  return (value ?? '').replace(/[\s-]+/g, '').toUpperCase();
}

interface RegisterDeviceDialogProps {
  kind: DeviceKind;
  /** The display or kiosk to bind; null while closed. */
  device: DeviceRow | null;
  onClose: () => void;
}

/** Register: the officer types the code the screen or kiosk shows, binding it to this entry. */
export function RegisterDeviceDialog({ kind, device, onClose }: RegisterDeviceDialogProps) {
  const { t } = useTranslation();
  const shown = useRetained(device);
  return (
    <Modal
      open={device !== null}
      title={shown ? t('admin.devices.register.title', { name: shown.name }) : null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={480}
    >
      {shown && <RegisterForm kind={kind} device={shown} onClose={onClose} />}
    </Modal>
  );
}

function RegisterForm({
  kind,
  device,
  onClose,
}: {
  kind: DeviceKind;
  device: DeviceRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ deviceId: string }>();
  const register = useRegisterDevice();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = ({ deviceId }: { deviceId: string }) => {
    if (register.isPending) return;
    setFailure(null);
    register.mutate(
      { kind, uuid: device.uuid, deviceId: normaliseDeviceId(deviceId) },
      {
        onSuccess: () => {
          void message.success(t('admin.devices.saved'));
          onClose();
        },
        onError: (error) => {
          // About the typed id (registered elsewhere, or no screen shows it): said under the field.
          const reason = isApiRequestError(error) ? error.detail.reason : undefined;
          if (reason === 'DEVICE_ID_TAKEN' || reason === 'DEVICE_NOT_WAITING') {
            form.setFields([{ name: 'deviceId', errors: [errorMessage(t, error)] }]);
          } else {
            setFailure(errorMessage(t, error));
          }
        },
      },
    );
  };

  return (
    <Form<{ deviceId: string }>
      form={form}
      name={`${kind}Register`}
      layout="vertical"
      requiredMark={false}
      initialValues={{ deviceId: '' }}
      onFinish={submit}
      style={{ marginTop: 8 }}
    >
      <Typography.Paragraph type="secondary">{t(`admin.devices.${kind}.registerHint`)}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="deviceId"
        label={t('admin.devices.register.deviceId')}
        normalize={normaliseDeviceId}
        validateFirst
        rules={[
          { required: true, message: t('admin.devices.register.deviceIdRequired') },
          {
            validator: (_rule, value: string | undefined) =>
              !value || DeviceIdSchema.safeParse(value).success
                ? Promise.resolve()
                : Promise.reject(new Error(t('admin.devices.register.deviceIdFormat'))),
          },
        ]}
        extra={t('admin.devices.register.deviceIdHint')}
      >
        <Input
          size="large"
          maxLength={DEVICE_ID_MAX + 4}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          placeholder="K7MQ4XPR"
          style={{ fontFamily: 'monospace', letterSpacing: 2, fontSize: 20 }}
        />
      </Form.Item>
      <FormButtons
        onCancel={onClose}
        okText={t('admin.devices.register.submit')}
        loading={register.isPending}
      />
    </Form>
  );
}
