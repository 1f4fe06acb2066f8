import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** The spec's "data saved successfully" after every save (the list on screen refetches). */
export function useSavedMessage(): () => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return () => void message.success(t('catalog.common.saved'));
}
