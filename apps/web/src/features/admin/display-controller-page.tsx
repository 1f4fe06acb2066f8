import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/display: display screens, their devices and queue types. */
export function DisplayControllerPage() {
  return <PlaceholderPage />;
}
