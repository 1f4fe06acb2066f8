import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { setUnauthenticatedHandler } from '../lib/api-client.ts';
import { readAuthUser, readSession } from '../lib/session.ts';
import { accessQueryOptions } from '../features/auth/api/use-access.ts';
import { signOutEverywhere } from '../features/auth/api/signout.ts';
import { PROTECTED_PAGES, PROTECTED_ROUTES } from './protected-pages.ts';
import { queryClient } from './query-client.ts';
import { FullPageSpin, SigningOut } from './full-page-spin.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { landingPath } from '@truck-queue/shared/roles';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH, LOGOUT_PATH } from '../lib/paths.ts';
import { loginPathFrom } from '../features/auth/landing.ts';
import { SUPPLIER_PAGE_PATH } from '@truck-queue/shared/contracts/supplier-portal.contract';

/**
 * Every protected page load checks the session with the server (SPEC.md section 4); no
 * session, or a failed check, sends the officer to the login page, which brings them back to
 * this page once signed in (issue 36).
 */
async function protectedLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const login = loginPathFrom(LOGIN_PATH, url.pathname + url.search);
  if (!readSession()) return redirect(login);
  try {
    await queryClient.fetchQuery({ ...accessQueryOptions(), staleTime: 0 });
    return null;
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.warn('Session check failed', error);
    return redirect(login);
  }
}

/** /authen/logout: sign out on the server (best effort), forget the session, go to login. */
async function logoutLoader() {
  await signOutEverywhere();
  queryClient.clear();
  return redirect(LOGIN_PATH);
}

const protectedPages: RouteObject[] = PROTECTED_ROUTES.map((route) => ({
  path: route,
  handle: { route },
  lazy: async () => ({ Component: await PROTECTED_PAGES[route].load() }),
}));

const routes: RouteObject[] = [
  {
    HydrateFallback: FullPageSpin,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/',
        loader: () => redirect(readSession() ? landingPath(readAuthUser()?.roles) : LOGIN_PATH),
        Component: FullPageSpin,
      },
      {
        path: LOGIN_PATH,
        lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage }),
      },
      { path: LOGOUT_PATH, loader: logoutLoader, Component: SigningOut, HydrateFallback: SigningOut },
      {
        path: FORGOT_PASSWORD_PATH,
        lazy: async () => ({
          Component: (await import('../features/auth/forgot-password-page.tsx')).ForgotPasswordPage,
        }),
      },
      {
        path: '/DisplayManage',
        lazy: async () => ({
          Component: (await import('../features/devices/display-manage-page.tsx')).DisplayManagePage,
        }),
      },
      {
        path: '/PrinterManage',
        lazy: async () => ({
          Component: (await import('../features/devices/printer-manage-page.tsx')).PrinterManagePage,
        }),
      },
      {
        path: SUPPLIER_PAGE_PATH,
        lazy: async () => ({
          Component: (await import('../features/supplier-portal/supplier-portal-page.tsx'))
            .SupplierPortalPage,
        }),
      },
      {
        id: 'protected',
        loader: protectedLoader,
        shouldRevalidate: () => true,
        lazy: async () => ({ Component: (await import('./shell/app-shell.tsx')).AppShell }),
        children: protectedPages,
      },
      { path: '*', loader: () => redirect(LOGIN_PATH), Component: FullPageSpin },
    ],
  },
];

export const router = createBrowserRouter(routes);

setUnauthenticatedHandler(() => {
  const { pathname, search } = window.location;
  // Signing out ends the session before the page has left: a call of the page refused meanwhile
  // is that sign-out, not an ended session to come back from (it sent the officer to the login
  // page with the page to go back to, over the sign-out's own way there). The page's address
  // changes only once the login page has loaded, so a refusal that comes back while the router
  // is still on its way to the sign-out or to the login page is left to that navigation.
  const goingTo = router.state.navigation.location?.pathname;
  const leaving = goingTo === LOGOUT_PATH || goingTo === LOGIN_PATH;
  if (pathname !== LOGIN_PATH && pathname !== LOGOUT_PATH && !leaving)
    void router.navigate(loginPathFrom(LOGIN_PATH, pathname + search), { replace: true });
});
