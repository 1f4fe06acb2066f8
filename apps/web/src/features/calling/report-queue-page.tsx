import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/reportQueue/:flowEngineUUID: queues of one flow engine. */
export function ReportQueuePage() {
  return <PlaceholderPage />;
}
