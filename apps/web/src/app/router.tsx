import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { setUnauthenticatedHandler } from '../lib/api-client.ts';
import { readSession } from '../lib/session.ts';
import { accessQueryOptions } from '../features/auth/api/use-access.ts';
import { signOutEverywhere } from '../features/auth/api/signout.ts';
import { PROTECTED_PAGES, PROTECTED_ROUTES } from './protected-pages.ts';
import { queryClient } from './query-client.ts';
import { FullPageSpin, SigningOut } from './full-page-spin.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { FORGOT_PASSWORD_PATH, HOME_PATH, LOGIN_PATH, LOGOUT_PATH } from '../lib/paths.ts';

/**
 * Every protected page load checks the session with the server (SPEC.md section 4); no
 * session, or a failed check, sends the officer to the login page.
 */
async function protectedLoader({ request }: LoaderFunctionArgs) {
  if (!readSession()) return redirect(LOGIN_PATH);
  try {
    await queryClient.fetchQuery({ ...accessQueryOptions(), staleTime: 0 });
    return null;
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.warn('Session check failed', error);
    return redirect(LOGIN_PATH);
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
      { path: '/', loader: () => redirect(readSession() ? HOME_PATH : LOGIN_PATH), Component: FullPageSpin },
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
  if (window.location.pathname !== LOGIN_PATH) void router.navigate(LOGIN_PATH, { replace: true });
});
