import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** /System/product: products. */
export function ProductPage() {
  return <PlaceholderPage />;
}
