import { PublicPlaceholderPage } from '../../app/public-placeholder-page.tsx';

/** /DisplayManage: a TV display screen in kiosk mode (DESIGN.md "Devices"). */
export function DisplayManagePage() {
  return <PublicPlaceholderPage titleKey="pages.displayManage" />;
}
