import { matchPath } from 'react-router-dom';
import { can, landingPath, ROUTE_PERMISSIONS, type ProtectedRoute } from '@truck-queue/shared/roles';

/** The query parameter that tells the sign-in page which page sent the officer there. */
export const NEXT_PARAM = 'next';

/** The sign-in page's address that brings the officer back to `path` (a protected page) afterwards. */
export function loginPathFrom(loginPath: string, path: string): string {
  return isProtectedPath(path) ? `${loginPath}?${NEXT_PARAM}=${encodeURIComponent(path)}` : loginPath;
}

/** The protected route a path opens (never another site, never the sign-in page itself), or null. */
function protectedRoute(path: string): ProtectedRoute | null {
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const pathname = path.split(/[?#]/)[0]!;
  const routes = Object.keys(ROUTE_PERMISSIONS) as ProtectedRoute[];
  return routes.find((route) => matchPath(route, pathname) !== null) ?? null;
}

export function isProtectedPath(path: string): boolean {
  return protectedRoute(path) !== null;
}

/**
 * Where the officer goes after signing in (issue 36): back to the page that sent them to sign
 * in, if their roles may open it (on a shared PC the page may be the last officer's), else the
 * work screen of their roles (shared/roles.ts landingPath).
 */
export function afterSignIn(next: string | null, roles: string): string {
  const route = next ? protectedRoute(next) : null;
  return next && route && can(roles, ROUTE_PERMISSIONS[route]) ? next : landingPath(roles);
}
