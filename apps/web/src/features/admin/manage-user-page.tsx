import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/manageUser: officers, roles and passwords. */
export function ManageUserPage() {
  return <PlaceholderPage />;
}
