import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SUPPLIER_PIN_LENGTH,
  SupplierPinSchema,
} from '@truck-queue/shared/contracts/supplier-portal.contract';
import { SupplierCodeSchema } from '@truck-queue/shared/contracts/supplier.contract';
import { useSupplierSignIn } from './api/use-portal.ts';
import { portalFailure, type PortalSignIn } from './portal-rules.ts';

interface SignInForm {
  code: string;
  pin: string;
}

/**
 * The supplier signs in with its code and the PIN the office gave it (digits: the phone's number
 * pad). `notice`: why it is asked again (its sign-in ended, or it signed out).
 */
export function PortalSignInCard({
  branch,
  notice,
  onSignedIn,
}: {
  branch: string;
  notice: 'signedOut' | 'expired' | null;
  onSignedIn: (signIn: PortalSignIn) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInForm>();
  const signIn = useSupplierSignIn();

  const submit = ({ code, pin }: SignInForm) => {
    signIn.mutate(
      { branch, code: code.trim(), pin },
      {
        onSuccess: ({ token, supplier }) => onSignedIn({ token, code: supplier.code, name: supplier.name }),
        onError: () => form.setFieldValue('pin', ''),
      },
    );
  };

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {t('supplierPortal.signIn.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('supplierPortal.signIn.subtitle')}</Typography.Paragraph>
      {signIn.isError ? (
        <Alert
          type="error"
          showIcon
          title={t(portalFailure(signIn.error))}
          style={{ marginBottom: 16 }}
          data-testid="portal-sign-in-failure"
        />
      ) : (
        notice && (
          <Alert
            type={notice === 'expired' ? 'warning' : 'success'}
            showIcon
            title={t(
              notice === 'expired' ? 'supplierPortal.failures.signedOut' : 'supplierPortal.signIn.signedOut',
            )}
            style={{ marginBottom: 16 }}
          />
        )
      )}
      <Form<SignInForm>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ code: '', pin: '' }}
        onFinish={submit}
        disabled={signIn.isPending}
      >
        <Form.Item
          name="code"
          label={t('supplierPortal.signIn.code')}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                SupplierCodeSchema.safeParse(value ?? '').success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('supplierPortal.signIn.codeRequired'))),
            },
          ]}
        >
          <Input
            id="portal-code"
            autoComplete="username"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            placeholder={t('supplierPortal.signIn.codePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="pin"
          label={t('supplierPortal.signIn.pin')}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                SupplierPinSchema.safeParse(value ?? '').success
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t('supplierPortal.signIn.pinInvalid', { n: SUPPLIER_PIN_LENGTH })),
                    ),
            },
          ]}
          normalize={(value: string) => value.replace(/\D/g, '')}
        >
          <Input.Password
            id="portal-pin"
            inputMode="numeric"
            autoComplete="current-password"
            maxLength={SUPPLIER_PIN_LENGTH}
            placeholder={t('supplierPortal.signIn.pinPlaceholder', { n: SUPPLIER_PIN_LENGTH })}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          {t('supplierPortal.signIn.submit')}
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('supplierPortal.signIn.help')}
      </Typography.Paragraph>
    </Card>
  );
}
