import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, ConfigProvider, Flex, Result, Spin, Typography, theme } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import { Brand } from '../../components/brand.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { PHONE_TOUCH_PX } from '../../lib/use-phone.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { portalKeys, signOutSupplier, useSupplierHome } from './api/use-portal.ts';
import { PortalBook } from './portal-book.tsx';
import { PortalBookingCard } from './portal-booking-card.tsx';
import { PortalHome } from './portal-home.tsx';
import {
  branchOfPage,
  forgetPortalSignIn,
  portalFailure,
  readPortalSignIn,
  savePortalSignIn,
  signedOutBy,
  type PortalSignIn,
} from './portal-rules.ts';
import { PortalSignInCard } from './portal-sign-in.tsx';

/** Thumb-sized controls on a phone. */
const TOUCH_THEME = { token: { controlHeight: PHONE_TOUCH_PX, controlHeightLG: 48 } };

/** The page's frame: a bar with the branch (or the product) and the language, then a column a phone wide. */
function Frame({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <ConfigProvider theme={TOUCH_THEME}>
      <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
        <Flex
          component="header"
          align="center"
          justify="space-between"
          gap={8}
          style={{
            padding: '8px 12px',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <div style={{ minWidth: 0 }}>{title}</div>
          <Flex gap={4} style={{ flex: 'none' }}>
            <LanguageSwitcher compact />
            {actions}
          </Flex>
        </Flex>
        <main
          style={{ width: '100%', maxWidth: 480, margin: '0 auto', padding: 12, boxSizing: 'border-box' }}
        >
          {children}
        </main>
      </Flex>
    </ConfigProvider>
  );
}

type View = { name: 'home' } | { name: 'book' } | { name: 'booked'; booking: Booking };

/** Signed in: the supplier's page, booking a slot, and the booking just made. */
function SignedIn({
  signIn,
  onSignOut,
  onExpired,
}: {
  signIn: PortalSignIn;
  onSignOut: () => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const home = useSupplierHome(signIn.token);
  const [view, setView] = useState<View>({ name: 'home' });
  const expired = home.isError && signedOutBy(home.error);
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  // Each view starts at its top. (Braces: Chromium's scrollTo returns a promise, not a cleanup.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [view]);

  const title = (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text strong ellipsis data-testid="portal-branch">
        {home.data?.branch_name ?? t('supplierPortal.title')}
      </Typography.Text>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
        {signIn.code} · {signIn.name}
      </Typography.Text>
    </Flex>
  );
  const actions = (
    <Button icon={<LogoutOutlined aria-hidden />} onClick={onSignOut} data-testid="portal-sign-out">
      {t('supplierPortal.signOut')}
    </Button>
  );

  let body: ReactNode;
  if (home.isPending || expired) body = <Spin size="large" style={{ display: 'block', margin: 48 }} />;
  else if (home.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t(portalFailure(home.error))}
        action={<Button onClick={() => void home.refetch()}>{t('supplierPortal.retry')}</Button>}
      />
    );
  else if (view.name === 'book')
    body = (
      <PortalBook
        token={signIn.token}
        home={home.data}
        onBooked={(booking) => setView({ name: 'booked', booking })}
        onBack={() => setView({ name: 'home' })}
        onSignedOut={onExpired}
      />
    );
  else if (view.name === 'booked')
    body = (
      <Flex vertical gap={16} data-testid="portal-booked">
        <Result
          status="success"
          title={t('supplierPortal.booked.title')}
          subTitle={t('supplierPortal.booked.subtitle')}
          style={{ padding: '16px 0 0' }}
        />
        <PortalBookingCard booking={view.booking} />
        <Button type="primary" size="large" block onClick={() => setView({ name: 'home' })}>
          {t('supplierPortal.booked.home')}
        </Button>
      </Flex>
    );
  else
    body = (
      <PortalHome
        token={signIn.token}
        home={home.data}
        onBook={() => setView({ name: 'book' })}
        onSignedOut={onExpired}
      />
    );

  return (
    <Frame title={title} actions={actions}>
      {body}
    </Frame>
  );
}

/**
 * /supplier?b=<branch uuid>: the supplier's own booking page (issue 39), no officer session. It
 * signs in with its code and PIN; the sign-in is kept on the phone, per branch, until it signs out
 * or the server ends it.
 */
export function SupplierPortalPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const branch = branchOfPage(location.search);
  const [signIn, setSignIn] = useState(() => (branch ? readPortalSignIn(branch) : null));
  const [notice, setNotice] = useState<'signedOut' | 'expired' | null>(null);
  useDocumentTitle(t('supplierPortal.title'));

  if (!branch)
    return (
      <Frame title={<Brand size="small" />}>
        <Result
          status="warning"
          title={t('supplierPortal.noBranch.title')}
          subTitle={t('supplierPortal.noBranch.text')}
        />
      </Frame>
    );

  const leave = (why: 'signedOut' | 'expired') => {
    forgetPortalSignIn(branch);
    queryClient.removeQueries({ queryKey: portalKeys.all });
    setSignIn(null);
    setNotice(why);
  };

  if (signIn)
    return (
      <SignedIn
        key={signIn.token}
        signIn={signIn}
        onSignOut={() => {
          void signOutSupplier(signIn.token);
          leave('signedOut');
        }}
        onExpired={() => leave('expired')}
      />
    );

  return (
    <Frame title={<Brand size="small" />}>
      <PortalSignInCard
        branch={branch}
        notice={notice}
        onSignedIn={(value) => {
          savePortalSignIn(branch, value);
          setNotice(null);
          setSignIn(value);
        }}
      />
    </Frame>
  );
}
