import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import { useCalendar } from '../../../lib/calendar-context.tsx';
import { config } from '../../../lib/config.ts';
import { formatDateText, formatLongDate } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Company and branch on the left, the plant's clock on the right. */
export function KioskHeader({ device }: { device: DeviceInfo }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const now = useNow(1000);
  const calendar = useCalendar();
  // The plant's clock (SITE_TIMEZONE), whatever the kiosk PC's own zone is.
  const timeZone = config.siteTimeZone;
  const clock = {
    time: formatDateText(now, i18n.language, { ...CLOCK, timeZone }, calendar),
    date: formatLongDate(now, i18n.language, calendar, timeZone),
  };
  const company = device.company_name.trim();
  return (
    <header
      className="tqk-noprint"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 24,
        padding: 'clamp(14px, 1.8vh, 28px) clamp(16px, 3.5vw, 56px)',
        background: token.colorBgContainer,
        borderBottom: `4px solid ${token.colorPrimary}`,
      }}
    >
      <div style={{ minWidth: 0 }}>
        <div
          data-testid="kiosk-company"
          style={{
            fontSize: 'clamp(26px, 3.2vh, 46px)',
            fontWeight: 700,
            lineHeight: 1.2,
            color: token.colorText,
            overflowWrap: 'anywhere',
          }}
        >
          {company || device.branch_name}
        </div>
        <div style={{ fontSize: 'clamp(18px, 2vh, 28px)', color: token.colorTextSecondary }}>
          {company ? `${device.branch_name} · ${t('kiosk.title')}` : t('kiosk.title')}
        </div>
      </div>
      <div style={{ textAlign: 'end', flex: 'none' }} aria-live="off">
        <div
          style={{
            fontSize: 'clamp(40px, 5vh, 72px)',
            fontWeight: 700,
            lineHeight: 1,
            color: token.colorText,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {clock.time}
        </div>
        <div style={{ fontSize: 'clamp(16px, 1.8vh, 26px)', color: token.colorTextSecondary, marginTop: 6 }}>
          {clock.date}
        </div>
      </div>
    </header>
  );
}
