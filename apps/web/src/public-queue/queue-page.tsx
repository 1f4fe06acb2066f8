/** @jsxRuntime automatic */
// (The server renders this page through tsx, which applies no tsconfig to web files: the
// pragma gives it the JSX runtime the web build uses.)
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { waitInUnits } from '@truck-queue/shared/queue/eta';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { Code128Svg } from '../lib/barcode/code128-svg.tsx';
import { QrSvg } from '../lib/barcode/qr-svg.tsx';
import { driverPageUrl } from '../lib/driver-page.ts';
import { LANGUAGES, type Language } from '../lib/languages.ts';
import {
  CheckIcon,
  ClockIcon,
  CrossIcon,
  DocumentIcon,
  GlobeIcon,
  PackageIcon,
  PinIcon,
  SearchIcon,
  TruckIcon,
  WarningIcon,
} from './icons.tsx';
import { storeLanguage } from './language.ts';
import { NotifyCard } from './notify-card.tsx';
import { queueProgress, queueStatus, type ProgressStep, type QueueStatus, type StepId } from './progress.ts';
import { SlipCard } from './slip-card.tsx';
import { STRINGS, type Strings } from './strings.ts';
import { useQueue, type InitialQueue, type LiveState } from './use-queue.ts';

/** What the page needs to know of the server and the address it was opened at. */
export interface Site {
  /** COMPANY_NAME: the heading until the ticket tells its own company. */
  companyName: string;
  /** The origin the ticket's QR code points to (PUBLIC_URL, else this page's own). */
  pageBase: string;
  /** SITE_TIMEZONE: "updated at" in the plant's time, as the server rendered it. */
  timeZone: string;
}

/**
 * The driver's page (SPEC.md section 2, "Public queue page"): one ticket, opened from the QR
 * code on it. It shows that ticket only: its number, where it stands and what to do next.
 * The server renders it with `initial` (server-render.tsx); the client hydrates that markup and
 * keeps it live, or renders alone (no `initial`) when the server could not read the ticket.
 */
export function QueuePage({
  uuid,
  language: firstLanguage,
  site,
  initial,
}: {
  uuid: string | null;
  /** The language to render first; the same on the server and in the hydrating client. */
  language: Language;
  site: Site;
  initial?: InitialQueue;
}) {
  const [language, setLanguage] = useState<Language>(firstLanguage);
  const s = STRINGS[language];
  const { view, retry } = useQueue(uuid, initial);
  const queue = view.kind === 'ready' ? view.queue : null;
  const status = queue ? queueStatus(queue) : null;

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const title = documentTitle(s, view.kind, queue);
  useEffect(() => {
    document.title = title;
  }, [title]);

  useBuzzWhenCalled(status);

  const changeLanguage = (next: Language) => {
    storeLanguage(next);
    setLanguage(next);
  };

  const organisation = queue ? queue.company_name.trim() || queue.branch_name : site.companyName;
  const branch =
    queue && queue.company_name.trim() && queue.branch_name !== queue.company_name ? queue.branch_name : '';

  let content: ReactNode;
  switch (view.kind) {
    case 'loading':
      content = <Skeleton s={s} />;
      break;
    case 'notFound':
      content = <NotFound language={language} />;
      break;
    case 'error':
      content = <LoadError s={s} onRetry={retry} />;
      break;
    case 'ready':
      content = (
        <>
          <Ticket s={s} queue={view.queue} />
          {status && (
            <StatusPanel
              s={s}
              status={status}
              reason={view.queue.reason_name}
              wait={view.queue.expected_wait}
              hold={view.queue.line_hold}
            />
          )}
          {(status?.kind === 'waiting' || status?.kind === 'called' || status?.kind === 'recheck') && (
            <NotifyCard
              s={s.notify}
              uuid={view.queue.uuid}
              language={language}
              lab={view.queue.flow_engine_id === FLOW_ENGINE.lab && !view.queue.lab_done}
              waiting={status.kind === 'waiting'}
            />
          )}
          {view.queue.slip && (
            <SlipCard
              s={s}
              slip={view.queue.slip}
              locale={language}
              uuid={view.queue.uuid}
              dispute={view.queue.dispute ?? null}
              onDisputed={retry}
            />
          )}
          {/* A cancelled or voided ticket goes no further: its panel says so, without steps. */}
          {status?.kind !== 'noShow' && status?.kind !== 'voided' && (
            <Progress s={s} steps={queueProgress(view.queue)} />
          )}
          {/* Inside the plant, the counters may scan the phone instead of the paper ticket. */}
          {status?.kind !== 'exited' && status?.kind !== 'voided' && (
            <CounterCodes s={s} queue={view.queue} pageBase={site.pageBase} />
          )}
          <Footer s={s} live={view.live} updatedAt={view.updatedAt} timeZone={site.timeZone} />
        </>
      );
      break;
  }

  return (
    <div className="qp">
      <header className="qp-top">
        <div className="qp-org">
          {organisation && <p className="qp-org-name">{organisation}</p>}
          {branch && <p className="qp-org-branch">{branch}</p>}
        </div>
        <LanguageSwitch s={s} language={language} onChange={changeLanguage} />
      </header>
      <main className="qp-main">{content}</main>
    </div>
  );
}

/** The tab's title; the server writes the same into the page it renders. */
export function documentTitle(
  s: Strings,
  kind: 'loading' | 'notFound' | 'error' | 'ready',
  queue: PublicQueue | null,
): string {
  if (kind === 'notFound') return s.notFoundTitle;
  const status = queue ? queueStatus(queue) : null;
  if (!queue || !status) return s.yourQueue;
  if (status.kind === 'called' && status.station)
    return `${queue.queue_number} · ${s.goTo} ${status.station}`;
  return `${queue.queue_number} · ${s.yourQueue}`;
}

/**
 * A short buzz when the truck is called (or sent to a recheck) while the page is open; not for
 * the state the page opened in. Browsers allow it only after the driver has tapped the page.
 */
function useBuzzWhenCalled(status: QueueStatus | null) {
  let key: string | null = null;
  if (status)
    key =
      status.kind === 'called' || status.kind === 'recheck' ? `${status.kind}:${status.station ?? ''}` : '';
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const before = previous.current;
    previous.current = key;
    if (before === null || key === '' || key === before) return;
    if (!('vibrate' in navigator) || !navigator.userActivation?.hasBeenActive) return;
    try {
      navigator.vibrate([400, 150, 400]);
    } catch {
      // not allowed here; the screen still shows the call
    }
  }, [key]);
}

function LanguageSwitch({
  s,
  language,
  onChange,
}: {
  s: Strings;
  language: Language;
  onChange: (language: Language) => void;
}) {
  return (
    <label className="qp-lang">
      <GlobeIcon className="qp-lang-icon" />
      <span className="qp-hidden">{s.language}</span>
      <select
        value={language}
        onChange={(event) => {
          const next = LANGUAGES.find((l) => l === event.target.value);
          if (next) onChange(next);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {STRINGS[l].languageName}
          </option>
        ))}
      </select>
    </label>
  );
}

function Ticket({ s, queue }: { s: Strings; queue: PublicQueue }) {
  return (
    <section className="qp-card qp-ticket" aria-labelledby="qp-heading">
      <h1 id="qp-heading" className="qp-heading">
        {s.yourQueue}
      </h1>
      <p className="qp-number">{queue.queue_number}</p>
      {queue.previous_number && queue.previous_number !== queue.queue_number && (
        <p className="qp-previous">{s.previousNumber(queue.previous_number)}</p>
      )}
      <dl className="qp-details">
        <div>
          <dt>{s.queueType}</dt>
          <dd>{queue.queue_type_info.queue_type_name}</dd>
        </div>
        <div>
          <dt>{s.product}</dt>
          <dd>{queue.product_info.name}</dd>
        </div>
        <div>
          <dt>{s.timeTaken}</dt>
          <dd className="qp-nowrap">{queue.created_view}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The expected wait for the call, in minutes or, from two hours on, hours. */
function ExpectedWait({ s, wait }: { s: Strings; wait: { low: number; high: number } }) {
  const words = waitInUnits(wait);
  return (
    <p className="qp-wait" data-testid="expected-wait">
      {words.unit === 'hours'
        ? s.expectedWaitHours(words.low, words.high)
        : s.expectedWait(words.low, words.high)}
    </p>
  );
}

/**
 * `reason`: why the load was sent to recheck or rejected, in the plant's words; `wait`: the
 * expected wait for the call while waiting (null when the plant's history says nothing yet).
 */
function StatusPanel({
  s,
  status,
  reason,
  wait,
  hold,
}: {
  s: Strings;
  status: QueueStatus;
  reason: string | null | undefined;
  wait: { low: number; high: number } | null;
  /** Its class's daily cap is full: it waits until there is room (issue 38). */
  hold: PublicQueue['line_hold'] | undefined;
}) {
  const why = reason?.trim() ? (
    <p className="qp-reason">
      {s.reason}: {reason.trim()}
    </p>
  ) : null;
  let tone: string;
  let body: ReactNode;
  switch (status.kind) {
    case 'waiting':
      tone = 'wait';
      body = (
        <>
          {status.ahead !== null &&
            !(hold && status.ahead === 0) &&
            (status.ahead === 0 ? (
              <p className="qp-status-title">{s.youAreNext}</p>
            ) : (
              <p className="qp-ahead">
                <span className="qp-ahead-count">{status.ahead}</span>
                <span className="qp-ahead-text">{s.aheadOfYou(status.ahead)}</span>
              </p>
            ))}
          {wait && <ExpectedWait s={s} wait={wait} />}
          {hold && (
            <p className="qp-reason" data-testid="line-hold">
              {s.heldByCap(hold.class_name, hold.max_percent, hold.of)}
            </p>
          )}
          <p className="qp-status-text">
            <ClockIcon className="qp-inline-icon" />
            {s.waiting[status.phase]}
          </p>
        </>
      );
      break;
    case 'called':
    case 'recheck':
      tone = status.kind === 'called' ? 'call' : 'recheck';
      body = (
        <>
          <p className="qp-kicker">{status.kind === 'called' ? s.yourTurn : s.recheckTitle}</p>
          {status.station ? (
            <>
              <p className="qp-status-text">{status.kind === 'called' ? s.goTo : s.recheckAt}</p>
              <p className="qp-station">
                <PinIcon className="qp-station-icon" />
                <span>{status.station}</span>
              </p>
            </>
          ) : (
            <p className="qp-status-title">{s.goToOfficer}</p>
          )}
          {status.kind === 'recheck' && why}
        </>
      );
      break;
    case 'rejected':
      tone = 'danger';
      body = (
        <>
          <Outcome icon={<CrossIcon />} title={s.rejectedTitle} text={s.rejectedBody} />
          {why}
        </>
      );
      break;
    case 'noShow':
      tone = 'danger';
      body = <Outcome icon={<WarningIcon />} title={s.noShowTitle} text={s.noShowBody} />;
      break;
    case 'voided':
      tone = 'danger';
      body = <Outcome icon={<CrossIcon />} title={s.voidedTitle} text={s.voidedBody} />;
      break;
    case 'finished':
      tone = 'done';
      body = <Outcome icon={<CheckIcon />} title={s.finishedTitle} text={s.finishedBody} />;
      break;
    case 'exited':
      tone = 'left';
      body = <Outcome icon={<TruckIcon />} title={s.exitedTitle} text={s.exitedBody} />;
      break;
  }
  return (
    <section className={`qp-card qp-status qp-status--${tone}`} aria-live="polite" aria-atomic="true">
      {body}
    </section>
  );
}

function Outcome({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="qp-outcome">
      <span className="qp-outcome-icon">{icon}</span>
      <div>
        <p className="qp-status-title">{title}</p>
        <p className="qp-status-text">{text}</p>
      </div>
    </div>
  );
}

const STEP_ICONS: Record<StepId, ReactNode> = {
  document: <DocumentIcon />,
  package: <PackageIcon />,
  vehicle: <TruckIcon />,
};

function Progress({ s, steps }: { s: Strings; steps: ProgressStep[] }) {
  return (
    <section className="qp-card qp-progress" aria-labelledby="qp-progress-title">
      <h2 id="qp-progress-title" className="qp-section-title">
        {s.progress}
      </h2>
      <ol className="qp-steps">
        {steps.map((step) => (
          <li
            key={step.id}
            className={`qp-step qp-step--${step.status}${step.problem ? ' qp-step--problem' : ''}`}
            aria-current={step.status === 'current' ? 'step' : undefined}
          >
            <span className="qp-step-icon">
              {STEP_ICONS[step.id]}
              {step.status === 'done' && (
                <span className="qp-step-badge">{step.problem ? <CrossIcon /> : <CheckIcon />}</span>
              )}
            </span>
            <span className="qp-step-label">{s.steps[step.label]}</span>
            <span className="qp-step-status">{s.stepStatus[step.status]}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The ticket's QR code (this page's address) and the Code 128 of its code, as printed on the ticket. */
function CounterCodes({ s, queue, pageBase }: { s: Strings; queue: PublicQueue; pageBase: string }) {
  return (
    <section className="qp-card qp-codes" aria-labelledby="qp-codes-title">
      <h2 id="qp-codes-title" className="qp-section-title">
        {s.counterCodes}
      </h2>
      <p className="qp-codes-hint">{s.counterCodesHint}</p>
      <div className="qp-codes-symbols">
        <QrSvg className="qp-codes-qr" text={driverPageUrl(queue.uuid, pageBase)} label={s.qrLabel} />
        <Code128Svg
          className="qp-codes-barcode"
          text={queue.ticket_code}
          label={s.barcodeLabel(queue.ticket_code)}
        />
        <p className="qp-codes-code">{s.ticketCode(queue.ticket_code)}</p>
      </div>
    </section>
  );
}

/** HH:MM on the plant's clock, so the server's render and the phone's agree. */
function clock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}

function Footer({
  s,
  live,
  updatedAt,
  timeZone,
}: {
  s: Strings;
  live: LiveState | 'ended';
  updatedAt: Date;
  timeZone: string;
}) {
  return (
    <footer className="qp-foot">
      {live !== 'ended' && (
        <span className={`qp-live qp-live--${live}`}>
          <span className="qp-live-dot" aria-hidden="true" />
          {s.live[live]}
        </span>
      )}
      <span className="qp-updated">{s.updatedAt(clock(updatedAt, timeZone))}</span>
    </footer>
  );
}

function Skeleton({ s }: { s: Strings }) {
  return (
    <div className="qp-skeleton" aria-busy="true">
      <p className="qp-hidden" role="status">
        {s.loading}
      </p>
      <div className="qp-card qp-ticket" aria-hidden="true">
        <span className="qp-bone qp-bone--heading" />
        <span className="qp-bone qp-bone--number" />
        <span className="qp-bone qp-bone--line" />
        <span className="qp-bone qp-bone--line" />
        <span className="qp-bone qp-bone--line" />
      </div>
      <div className="qp-card" aria-hidden="true">
        <span className="qp-bone qp-bone--block" />
      </div>
      <div className="qp-card" aria-hidden="true">
        <span className="qp-bone qp-bone--steps" />
      </div>
    </div>
  );
}

/** Thai first (the plant's language), then the reader's language, or English for a Thai reader. */
function NotFound({ language }: { language: Language }) {
  const second = STRINGS[language === 'th' ? 'en' : language];
  return (
    <section className="qp-card qp-message">
      <SearchIcon className="qp-message-icon" />
      <h1 className="qp-message-title" lang="th">
        {STRINGS.th.notFoundTitle}
      </h1>
      <p className="qp-message-text" lang="th">
        {STRINGS.th.notFoundBody}
      </p>
      <hr className="qp-rule" />
      <h2 className="qp-message-title qp-message-title--second" lang={language === 'th' ? 'en' : language}>
        {second.notFoundTitle}
      </h2>
      <p className="qp-message-text" lang={language === 'th' ? 'en' : language}>
        {second.notFoundBody}
      </p>
    </section>
  );
}

function LoadError({ s, onRetry }: { s: Strings; onRetry: () => void }) {
  return (
    <section className="qp-card qp-message" role="alert">
      <WarningIcon className="qp-message-icon" />
      <h1 className="qp-message-title">{s.loadErrorTitle}</h1>
      <p className="qp-message-text">{s.loadErrorBody}</p>
      <button type="button" className="qp-button" onClick={onRetry}>
        {s.retry}
      </button>
    </section>
  );
}
