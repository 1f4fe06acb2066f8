import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/manageCalling/:findDayKey: queue cards per queue type (1 = today, 3 = last 3 days). */
export function ManageCallingPage() {
  return <PlaceholderPage />;
}
