import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/dashboard: queue counters and stage-time charts (SPEC.md section 2). */
export function DashboardPage() {
  return <PlaceholderPage />;
}
