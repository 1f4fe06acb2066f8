import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/station: stations and the flow states they handle. */
export function StationPage() {
  return <PlaceholderPage />;
}
