import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/weighing: weigh-in and weigh-out. */
export function WeighingPage() {
  return <PlaceholderPage />;
}
