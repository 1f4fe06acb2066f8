import { PublicPlaceholderPage } from '../../app/public-placeholder-page.tsx';

/** /Queue/data/:queueNumberID: the driver's own queue status. */
export function QueueDataPage() {
  return <PublicPlaceholderPage titleKey="pages.queueData" />;
}
