import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/calling: which officer calls which queue types at which stations. */
export function CallingControllerPage() {
  return <PlaceholderPage />;
}
