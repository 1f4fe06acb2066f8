import type { CSSProperties, ReactNode } from 'react';
import { Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import { expectedWaitText } from '../../../components/expected-wait.ts';
import { holdText, whyText } from '../../../components/line-place-text.ts';
import { useLayoutSettings } from '../../../lib/layout-settings-context.tsx';
import { useNow } from '../../../lib/use-now.ts';
import {
  boardAt,
  boardColumns,
  columnGrid,
  type Board,
  type BoardCall,
  type BoardColumn,
  type BoardOrientation,
} from './board.ts';
import { Clock, useDateFormats } from './clock.tsx';
import { useBoardOrientation } from './use-board-orientation.ts';
import './display-board.css';

/** What just arrived live: flashes for a few seconds (a board loaded from scratch does not). */
export interface FlashTarget {
  id: number;
  stationId: number;
  queueNumber: string;
}

const NO_NUMBER = '—';

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
  const orientation = useBoardOrientation();
  return (
    <div
      className={`tqd-root tqd-${orientation}`}
      style={useThemeVariables()}
      data-testid="display-board"
      data-orientation={orientation}
    >
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

/** The truck's plate as the server sent it (masked unless the branch turned masking off). */
function Plate({ licence, testId }: { licence: string; testId?: string }) {
  const { t } = useTranslation();
  if (!licence) return null;
  return (
    <span
      className="tqd-plate"
      data-testid={testId}
      aria-label={t('displayBoard.plateLabel', { plate: licence })}
    >
      {licence}
    </span>
  );
}

/** The newest call while it is "now calling", as large as the screen allows (a display of one queue type). */
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
        <Plate licence={newest.truck_license} testId="display-newest-plate" />
        <span>{newest.queue_type_name}</span>
        <ActionTag action={newest.action} />
      </div>
    </section>
  );
}

/** Each station and the call it has now: a strip under the calls, every station of the branch. */
function Stations({ shown, flash }: { shown: Shown; flash: FlashTarget | null }) {
  const { t } = useTranslation();
  const newest = shown.nowCalling ?? undefined;
  return (
    <section className="tqd-stations-panel" aria-label={t('displayBoard.stationsTitle')}>
      <h2 className="tqd-section-title">{t('displayBoard.stationsTitle')}</h2>
      <ul className="tqd-stations" style={{ '--tqd-station-count': shown.stations.length } as CSSProperties}>
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
              <span className="tqd-station-name">{s.station_name}</span>
              <span
                className={`tqd-station-number${s.queue_number ? '' : ' tqd-none'}`}
                data-testid="display-station-number"
                aria-label={s.queue_number ?? t('displayBoard.noCall')}
              >
                {s.queue_number ?? NO_NUMBER}
              </span>
              {s.action === 'recheck' && <ActionTag action={s.action} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The footer: for each of the display's queue types whose history gives a pace, how long a
 * truck arriving now may expect to wait for its call (issue 21). Nothing while none has one.
 */
function Waits({ board }: { board: Board }) {
  const { t } = useTranslation();
  const shown = board.waits.filter((w) => w.expected_wait !== null);
  if (shown.length === 0) return null;
  return (
    <footer className="tqd-waits" data-testid="display-waits">
      <h2 className="tqd-section-title">{t('displayBoard.waitsTitle')}</h2>
      <ul className="tqd-waits-list">
        {shown.map((w) => {
          const wait = expectedWaitText(t, w.expected_wait!, 'range');
          return (
            <li
              key={w.queue_type_id}
              className="tqd-wait"
              data-testid="display-wait"
              data-type={w.queue_type_name}
              aria-label={t('displayBoard.waitLabel', { type: w.queue_type_name, wait })}
            >
              <span className="tqd-wait-type">{w.queue_type_name}</span>
              <span className="tqd-wait-range">{wait}</span>
            </li>
          );
        })}
      </ul>
    </footer>
  );
}

/**
 * The lines with an order rule (issue 38): each one's next trucks as the rule calls them, with
 * why one goes ahead (its class, a long wait, an old load), and the trucks a full daily cap
 * holds. The board is fetched again at every call, so it moves with the line.
 */
function NextUp({ board }: { board: Board }) {
  const { t } = useTranslation();
  const lines = board.waits.filter((w) => w.next_up.length > 0 || w.held.length > 0);
  if (lines.length === 0) return null;
  return (
    <section className="tqd-next" data-testid="display-next-up" aria-label={t('displayBoard.nextUpTitle')}>
      <h2 className="tqd-section-title">{t('displayBoard.nextUpTitle')}</h2>
      <ul className="tqd-next-lines">
        {lines.map((w) => (
          <li
            key={w.queue_type_id}
            className="tqd-next-line"
            data-testid="display-next-line"
            data-type={w.queue_type_name}
            aria-label={t('displayBoard.nextUpLabel', {
              type: w.queue_type_name,
              numbers: w.next_up.map((n) => n.queue_number).join(', '),
            })}
          >
            <span className="tqd-next-type">{w.queue_type_name}</span>
            <ol className="tqd-next-list">
              {w.next_up.map((n) => {
                const why = n.why ? whyText(t, n.why, () => n.class_name) : n.class_name;
                return (
                  <li key={n.queue_number} className="tqd-next-item" data-testid="display-next-item">
                    <span className="tqd-next-number">{n.queue_number}</span>
                    {why && <span className="tqd-next-why">{why}</span>}
                  </li>
                );
              })}
            </ol>
            {w.held.map((h) => (
              <span key={h.class_name} className="tqd-next-held" data-testid="display-next-held">
                {t('displayBoard.heldTrucks', { class: h.class_name, count: h.trucks })} · {holdText(t, h)}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A column's (or the board's) latest calls, each with its station, plate and time: as many rows
 * as the display's setting, the newest first and marked.
 */
function RecentList({ calls, rows, testId }: { calls: BoardCall[]; rows: number; testId: string }) {
  const { t } = useTranslation();
  const formats = useDateFormats();
  return (
    <section className="tqd-recent" aria-label={t('displayBoard.recentTitle')}>
      <h2 className="tqd-section-title">{t('displayBoard.recentTitle')}</h2>
      <ol className="tqd-recent-list" data-testid={testId} style={{ '--tqd-rows': rows } as CSSProperties}>
        {calls.length === 0 && <li className="tqd-recent-none">{NO_NUMBER}</li>}
        {calls.map((r, index) => (
          <li
            key={r.id}
            className={`tqd-recent-item${index === 0 ? ' tqd-recent-newest' : ''}`}
            data-testid="display-recent-item"
          >
            <span className="tqd-recent-number">{r.queue_number}</span>
            <span className="tqd-recent-station">{r.station_name}</span>
            <span className="tqd-recent-plate">
              <Plate licence={r.truck_license} testId="display-recent-plate" />
              <ActionTag action={r.action} />
            </span>
            <span className="tqd-recent-time">{formats.shortTime.format(new Date(r.called_at))}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * One queue type's column: its name, its latest call large while it is "now calling", its
 * latest calls. The column holding the board's newest call carries the board's "newest" test ids.
 */
function Column({
  column,
  rows,
  flash,
  newest,
}: {
  column: BoardColumn;
  rows: number;
  flash: FlashTarget | null;
  newest: boolean;
}) {
  const { t } = useTranslation();
  const latest = column.latest;
  const id = (part: string) => (newest ? `display-newest${part}` : `display-column-latest${part}`);
  return (
    <section className="tqd-column" data-testid="display-column" data-type={column.title ?? ''}>
      <h2 className="tqd-column-title" data-testid="display-column-title">
        {column.title}
      </h2>
      {latest ? (
        <div
          key={latest.id}
          className={`tqd-latest${newest ? ' tqd-latest-newest' : ''}${flash?.id === latest.id ? ' tqd-flash' : ''}`}
          data-testid={id('')}
          data-part="latest"
          aria-live="polite"
        >
          <div className="tqd-latest-label">{t('displayBoard.nowCalling')}</div>
          <div className="tqd-latest-number" data-testid={id('-number')} data-part="latest-number">
            {latest.queue_number}
          </div>
          <div className="tqd-latest-station">
            {t('displayBoard.pleaseGoTo')}{' '}
            <strong data-testid={id('-station')} data-part="latest-station">
              {latest.station_name}
            </strong>
          </div>
          <div className="tqd-latest-plate">
            <Plate licence={latest.truck_license} testId="display-column-plate" />
            <ActionTag action={latest.action} />
          </div>
        </div>
      ) : (
        <div className="tqd-latest tqd-latest-empty" data-part="latest">
          <div className="tqd-latest-label">{t('displayBoard.noCallsNow')}</div>
        </div>
      )}
      <RecentList
        calls={column.recent}
        rows={rows}
        testId={newest ? 'display-recent' : 'display-column-recent'}
      />
    </section>
  );
}

function Layout({
  device,
  board,
  flash,
  orientation,
}: {
  device: DeviceInfo;
  board: Board;
  flash: FlashTarget | null;
  orientation: BoardOrientation;
}) {
  // A call leaves "now calling" by itself once the display's time is up, with no event to say so.
  const now = useNow(5_000).getTime();
  const shown = boardAt(board, now);
  const columns = boardColumns(
    board,
    device.queue_types.map((q) => q.queue_type_name),
    now,
  );
  if (columns.length === 1) {
    return (
      <>
        <main className="tqd-main tqd-single">
          <Hero board={board} shown={shown} flash={flash} />
          <RecentList calls={columns[0]!.recent} rows={board.recent_count} testId="display-recent" />
        </main>
        <Stations shown={shown} flash={flash} />
        <NextUp board={board} />
        <Waits board={board} />
      </>
    );
  }
  const grid = columnGrid(columns.length, orientation);
  // Rows of a column: fewer when columns are stacked, so each still reads from afar.
  const rows = grid.rows > 1 ? Math.min(board.recent_count, 5) : board.recent_count;
  const newestId = board.recent[0]?.id;
  return (
    <>
      <main
        className="tqd-main tqd-columns"
        style={{ '--tqd-cols': grid.columns, '--tqd-col-rows': grid.rows } as CSSProperties}
      >
        {columns.map((column) => (
          <Column
            key={column.title}
            column={{ ...column, recent: column.recent.slice(0, rows) }}
            rows={rows}
            flash={flash}
            newest={newestId !== undefined && column.recent[0]?.id === newestId}
          />
        ))}
      </main>
      <Stations shown={shown} flash={flash} />
      <NextUp board={board} />
      <Waits board={board} />
    </>
  );
}

/** The registered display: header, the latest call large, the calls before it, per queue type when several. */
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
  const orientation = useBoardOrientation();
  return (
    <BoardFrame>
      {banner}
      <BoardHeader device={device} />
      {board ? (
        <Layout device={device} board={board} flash={flash} orientation={orientation} />
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
