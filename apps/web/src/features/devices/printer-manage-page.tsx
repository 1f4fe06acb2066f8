import { useTranslation } from 'react-i18next';
import { CalendarProvider } from '../../lib/calendar-context.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { UnregisteredScreen } from './core/unregistered-screen.tsx';
import { useDevice } from './core/use-device.ts';
import { KioskScreen } from './kiosk/kiosk-screen.tsx';

/**
 * /PrinterManage: a ticket kiosk in kiosk mode (DESIGN.md "Devices"). Unregistered or cancelled
 * it shows nothing but its short id; registered, the touch screen that issues and prints tickets
 * for its queue types.
 */
export function PrinterManagePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.printerManage'));
  const state = useDevice('printer');
  if (state.status !== 'registered' || !state.device) return <UnregisteredScreen state={state} />;
  // A new registration (another uuid) starts a fresh kiosk.
  return (
    <CalendarProvider calendar={state.device.calendar}>
      <KioskScreen key={state.device.uuid} state={state} device={state.device} />
    </CalendarProvider>
  );
}
