import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /Report/inoutTransaction: in/out factory report with Excel export. */
export function InoutTransactionPage() {
  return <PlaceholderPage />;
}
