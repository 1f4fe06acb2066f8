import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../lib/paths.ts';

/** A protected page whose permission the officer's roles do not grant. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={t('forbidden.description')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('common.backToDashboard')}
        </Button>
      }
    />
  );
}
