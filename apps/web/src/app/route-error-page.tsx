import { Button, Flex, Result } from 'antd';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';

/** Shown when a route fails to load or render (for example a chunk missing after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error('Route error', error), [error]);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      <Result
        status="error"
        title={t('routeError.title')}
        subTitle={t('routeError.description')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </Flex>
  );
}
