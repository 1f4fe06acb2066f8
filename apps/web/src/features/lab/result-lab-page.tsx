import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/manageResultLab: lab sample pickup and checkout. */
export function ResultLabPage() {
  return <PlaceholderPage />;
}
