import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Typography, theme } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { prehashPassword } from '@truck-queue/shared/password';
import { Brand } from '../../components/brand.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { AppFooter } from '../../components/app-footer.tsx';
import { LoginSchema } from '@truck-queue/shared/contracts/auth.contract';
import { normalizeLogin } from '@truck-queue/shared/login';
import { FORGOT_PASSWORD_PATH } from '../../lib/paths.ts';
import { applyBranchLanguage } from '../../lib/i18n.ts';
import { savePcBranch } from '../../lib/session.ts';
import { errorCodeOf, errorMessage } from '../../lib/errors.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useNow } from '../../lib/use-now.ts';
import { useSignin } from './api/use-signin.ts';
import { useSigninSettings } from './api/use-signin-settings.ts';
import { afterSignIn, NEXT_PARAM } from './landing.ts';
import { lockedUntil, waitText } from './lockout.ts';
import { typedInThai } from './thai-layout.ts';

interface LoginForm {
  email: string;
  password: string;
  remember: boolean;
}

function failureText(t: TFunction, error: unknown): string {
  const code = errorCodeOf(error);
  if (code === 'INVALID_CREDENTIALS') return t('auth.login.invalidCredentials');
  if (code === 'TOO_MANY_ATTEMPTS') return t('auth.login.tooManyAttempts');
  return errorMessage(t, error);
}

/** A refused sign-in that must wait: how long is left, counting down, then that it may be tried again. */
function LockedOut({ until }: { until: number }) {
  const { t } = useTranslation();
  const left = until - useNow(1000).getTime();
  return (
    <Alert
      type={left > 0 ? 'error' : 'info'}
      showIcon
      title={
        left > 0 ? t('auth.login.lockedFor', { wait: waitText(t, left / 1000) }) : t('auth.login.lockOver')
      }
      style={{ marginBottom: 24 }}
    />
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signin = useSignin();
  const [form] = Form.useForm<LoginForm>();
  const password = Form.useWatch('password', form) ?? '';
  /** Until when the server asked this sign-in to wait (its Retry-After), for the countdown. */
  const [until, setUntil] = useState<number | null>(null);
  useDocumentTitle(t('auth.login.title'));

  // The branch of this PC decides whether "remember me" starts ticked (unticked on shared PCs)
  // and the language, unless the officer ticked the box or chose a language themself.
  const { data: settings } = useSigninSettings();
  useEffect(() => {
    if (!settings) return;
    if (!form.isFieldTouched('remember')) form.setFieldValue('remember', settings.remember_default);
    applyBranchLanguage(settings.language);
  }, [settings, form]);

  const submit = ({ email, password, remember }: LoginForm) => {
    signin.mutate(
      { email: normalizeLogin(email), password: prehashPassword(password), remember },
      {
        onSuccess: ({ officer }) => {
          savePcBranch(officer.branch.id);
          void navigate(afterSignIn(params.get(NEXT_PARAM), officer.roles), { replace: true });
        },
        onError: (error) => setUntil(lockedUntil(error, Date.now())),
      },
    );
  };

  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex justify="flex-end" style={{ padding: 16 }}>
        <LanguageSwitcher />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: 16 }}>
        <Flex vertical gap={24} style={{ width: '100%', maxWidth: 420 }}>
          <Flex vertical align="center" gap={8}>
            <Brand size="large" />
            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              {t('app.tagline')}
            </Typography.Text>
          </Flex>
          <Card styles={{ body: { padding: 32 } }}>
            <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
              {t('auth.login.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('auth.login.subtitle')}</Typography.Paragraph>
            {signin.isError && until !== null && <LockedOut until={until} />}
            {signin.isError && until === null && (
              <Alert
                type="error"
                showIcon
                title={failureText(t, signin.error)}
                style={{ marginBottom: 24 }}
              />
            )}
            <Form<LoginForm>
              form={form}
              layout="vertical"
              size="large"
              requiredMark={false}
              initialValues={{ email: '', password: '', remember: false }}
              onFinish={submit}
              disabled={signin.isPending}
            >
              <Form.Item
                name="email"
                label={t('auth.login.email')}
                rules={[
                  { required: true, whitespace: true, message: t('auth.login.emailRequired') },
                  {
                    validator: (_rule, value: unknown) =>
                      typeof value !== 'string' || value.trim() === '' || LoginSchema.safeParse(value).success
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('auth.login.emailInvalid'))),
                  },
                ]}
              >
                <Input
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  autoFocus
                  maxLength={254}
                  prefix={<UserOutlined />}
                  placeholder={t('auth.login.emailPlaceholder')}
                />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('auth.login.password')}
                rules={[{ required: true, message: t('auth.login.passwordRequired') }]}
                extra={
                  typedInThai(password) ? (
                    <Typography.Text type="warning" role="status" data-testid="thai-layout">
                      {t('auth.login.thaiLayout')}
                    </Typography.Text>
                  ) : undefined
                }
              >
                <Input.Password
                  autoComplete="current-password"
                  prefix={<LockOutlined />}
                  placeholder={t('auth.login.passwordPlaceholder')}
                />
              </Form.Item>
              <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 24 }}>
                <Form.Item name="remember" valuePropName="checked" noStyle>
                  <Checkbox>{t('auth.login.remember')}</Checkbox>
                </Form.Item>
                <Link to={FORGOT_PASSWORD_PATH}>{t('auth.login.forgot')}</Link>
              </Flex>
              <Button type="primary" htmlType="submit" block loading={signin.isPending}>
                {t('auth.login.submit')}
              </Button>
            </Form>
          </Card>
        </Flex>
      </Flex>
      <AppFooter />
    </Flex>
  );
}
