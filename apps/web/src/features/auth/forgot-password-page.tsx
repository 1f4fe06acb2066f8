import { Button, Card, Flex, Result, theme } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Passwords are reset by an administrator (DESIGN.md "Not product features"). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.forgot.title'));
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}
    >
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Result
          icon={<KeyOutlined style={{ color: token.colorPrimary }} />}
          title={t('auth.forgot.title')}
          subTitle={t('auth.forgot.description')}
          extra={
            <Button type="primary" onClick={() => void navigate(LOGIN_PATH)}>
              {t('common.backToLogin')}
            </Button>
          }
        />
      </Card>
    </Flex>
  );
}
