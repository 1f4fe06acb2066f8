import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/exitFactory: factory exit recording. */
export function ExitFactoryPage() {
  return <PlaceholderPage />;
}
