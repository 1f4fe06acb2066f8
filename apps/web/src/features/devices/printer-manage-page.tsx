import { PublicPlaceholderPage } from '../../app/public-placeholder-page.tsx';

/** /PrinterManage: a ticket kiosk in kiosk mode (DESIGN.md "Devices"). */
export function PrinterManagePage() {
  return <PublicPlaceholderPage titleKey="pages.printerManage" />;
}
