import type { CSSProperties, ReactNode } from 'react';
import { Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import { useLayoutSettings } from '../../../lib/layout-settings-context.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { boardAt, type Board } from './board.ts';
import { Clock, useDateFormats } from './clock.tsx';
import './display-board.css';

/** What just arrived live: flashes for a few seconds (a board loaded from scratch does not). */
export interface FlashTarget {
  id: number;
  stationId: number;
  queueNumber: string;
}

const NO_NUMBER = '—';

/** More stations than this: smaller cards, so every one still fits on the screen. */
const DENSE_FROM = 9;

/** The antd theme as CSS variables for display-board.css: light and dark both follow the app's setting. */
function useThemeVariables(): CSSProperties {
  const { token } = theme.useToken();
  const dark = useLayoutSettings().settings.mode === 'dark';
  return {
    // Numbers in the primary colour: the lighter shade on a dark background, to read from afar.
    '--tqd-number': dark ? token.colorPrimaryTextHover : token.colorPrimaryText,
    '--tqd-bg': token.colorBgLayout,
    '--tqd-surface': token.colorBgContainer,
    '--tqd-elevated': token.colorBgElevated,
    '--tqd-text': token.colorText,
    '--tqd-muted': token.colorTextSecondary,
    '--tqd-border': token.colorBorderSecondary,
    '--tqd-primary': token.colorPrimary,
    '--tqd-primary-bg': token.colorPrimaryBg,
    '--tqd-primary-border': token.colorPrimaryBorder,
    '--tqd-on-primary': token.colorTextLightSolid,
    '--tqd-accent': token.colorWarning,
    '--tqd-accent-bg': token.colorWarningBg,
    '--tqd-shadow': token.boxShadowSecondary,
    '--tqd-font': token.fontFamily,
  } as CSSProperties;
}

export function BoardFrame({ children }: { children: ReactNode }) {
  return (
    <div className="tqd-root" style={useThemeVariables()} data-testid="display-board">
      {children}
    </div>
  );
}

export function BoardHeader({ device }: { device: DeviceInfo }) {
  const place = [device.company_name, device.branch_name].filter(Boolean).join(' · ');
  return (
    <header className="tqd-header">
      <div className="tqd-title">
        {place && <div className="tqd-place">{place}</div>}
        <h1 className="tqd-name">{device.name}</h1>
      </div>
      <Clock />
    </header>
  );
}

function ActionTag({ action }: { action: string | null }) {
  const { t } = useTranslation();
  if (action !== 'recheck') return null;
  return <span className="tqd-tag">{t('displayBoard.recheck')}</span>;
}

type Shown = ReturnType<typeof boardAt>;

/** The newest call while it is "now calling", as large as the screen allows. */
function Hero({ board, shown, flash }: { board: Board; shown: Shown; flash: FlashTarget | null }) {
  const { t } = useTranslation();
  const newest = shown.nowCalling;
  if (!newest) {
    return (
      <section className="tqd-hero tqd-hero-empty" data-testid="display-newest">
        <div className="tqd-hero-empty-title">
          {t(board.recent.length === 0 ? 'displayBoard.noCallsToday' : 'displayBoard.noCallsNow')}
        </div>
        <div className="tqd-hero-empty-hint">{t('displayBoard.noCallsHint')}</div>
      </section>
    );
  }
  return (
    <section
      key={newest.id}
      className={`tqd-hero${flash?.id === newest.id ? ' tqd-flash' : ''}`}
      data-testid="display-newest"
      aria-live="polite"
    >
      <div className="tqd-hero-label">{t('displayBoard.nowCalling')}</div>
      <div className="tqd-hero-number" data-testid="display-newest-number">
        {newest.queue_number}
      </div>
      <div className="tqd-hero-goto">{t('displayBoard.pleaseGoTo')}</div>
      <div className="tqd-hero-station" data-testid="display-newest-station">
        {newest.station_name}
      </div>
      <div className="tqd-hero-type">
        {newest.queue_type_name}
        <ActionTag action={newest.action} />
      </div>
    </section>
  );
}

function Stations({ shown, flash }: { shown: Shown; flash: FlashTarget | null }) {
  const { t } = useTranslation();
  const formats = useDateFormats();
  const newest = shown.nowCalling ?? undefined;
  return (
    <section className="tqd-stations-panel" aria-label={t('displayBoard.stationsTitle')}>
      <h2 className="tqd-section-title">{t('displayBoard.stationsTitle')}</h2>
      <ul className={`tqd-stations${shown.stations.length >= DENSE_FROM ? ' tqd-dense' : ''}`}>
        {shown.stations.map((s) => {
          const flashing =
            flash !== null && flash.stationId === s.station_id && flash.queueNumber === s.queue_number;
          const latest =
            newest !== undefined && newest.station_id === s.station_id && s.queue_number !== null;
          return (
            <li
              key={`${s.station_id}-${flashing ? flash.id : ''}`}
              className={`tqd-station${latest ? ' tqd-station-latest' : ''}${flashing ? ' tqd-flash' : ''}`}
              data-testid="display-station"
              data-station={s.station_name}
            >
              <div className="tqd-station-name">{s.station_name}</div>
              <div
                className={`tqd-station-number${s.queue_number ? '' : ' tqd-none'}`}
                data-testid="display-station-number"
                aria-label={s.queue_number ?? t('displayBoard.noCall')}
              >
                {s.queue_number ?? NO_NUMBER}
              </div>
              <div className="tqd-station-meta">
                {s.queue_number && s.called_at ? (
                  <>
                    {s.queue_type_name}
                    {' · '}
                    {t('displayBoard.calledAt', { time: formats.shortTime.format(new Date(s.called_at)) })}
                    <ActionTag action={s.action} />
                  </>
                ) : (
                  t('displayBoard.noCall')
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Recent({ board }: { board: Board }) {
  const { t } = useTranslation();
  const formats = useDateFormats();
  return (
    <section className="tqd-recent" aria-label={t('displayBoard.recentTitle')}>
      <h2 className="tqd-recent-title">{t('displayBoard.recentTitle')}</h2>
      <ol className="tqd-recent-list" data-testid="display-recent">
        {board.recent.length === 0 && <li className="tqd-recent-none">{NO_NUMBER}</li>}
        {board.recent.map((r, index) => (
          <li key={r.id} className={`tqd-recent-item${index === 0 ? ' tqd-recent-newest' : ''}`}>
            <span className="tqd-recent-number">{r.queue_number}</span>
            <span className="tqd-recent-station">{r.station_name}</span>
            <span className="tqd-recent-time">{formats.shortTime.format(new Date(r.called_at))}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The registered display: header, newest call, every station, latest calls. */
export function DisplayBoard({
  device,
  board,
  failed,
  flash,
  banner,
  overlays,
}: {
  device: DeviceInfo;
  board: Board | undefined;
  failed: boolean;
  flash: FlashTarget | null;
  /** One slim line at the board's top edge, in the layout: the board shrinks for it (the sound prompt). */
  banner?: ReactNode;
  /** Fixed on top of the board (connection banner, caption). */
  overlays?: ReactNode;
}) {
  const { t } = useTranslation();
  // A call leaves "now calling" by itself once the display's time is up, with no event to say so.
  const now = useNow(5_000).getTime();
  const shown = board ? boardAt(board, now) : null;
  return (
    <BoardFrame>
      {banner}
      <BoardHeader device={device} />
      {board && shown ? (
        <>
          <main className="tqd-main">
            <Hero board={board} shown={shown} flash={flash} />
            <Stations shown={shown} flash={flash} />
          </main>
          <Recent board={board} />
        </>
      ) : (
        <main className="tqd-main tqd-main-loading">
          <Spin size="large" />
          <div className="tqd-hero-empty-hint">
            {t(failed ? 'displayBoard.loadFailed' : 'displayBoard.loading')}
          </div>
        </main>
      )}
      {overlays}
    </BoardFrame>
  );
}
