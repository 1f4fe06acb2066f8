import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /Report/summary: summary report. */
export function SummaryReportPage() {
  return <PlaceholderPage />;
}
