import { useMatches } from 'react-router-dom';
import type { ProtectedRoute } from '@truck-queue/shared/roles';
import { isProtectedPageHandle, PROTECTED_PAGES, type PageTitleKey } from './protected-pages.ts';

export interface CurrentPage {
  route: ProtectedRoute;
  titleKey: PageTitleKey;
}

/** The protected page being shown (its route pattern and title key), if any. */
export function useCurrentPage(): CurrentPage | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    if (match && isProtectedPageHandle(match.handle)) {
      const route = match.handle.route;
      return { route, titleKey: PROTECTED_PAGES[route].title(match.params) };
    }
  }
  return undefined;
}
