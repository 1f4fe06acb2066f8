import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/defineQueue: queue types of the branch, prefixes and products. */
export function DefineQueuePage() {
  return <PlaceholderPage />;
}
