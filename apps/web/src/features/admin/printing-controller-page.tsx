import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/printing: ticket kiosks, their devices, printers and queue types. */
export function PrintingControllerPage() {
  return <PlaceholderPage />;
}
