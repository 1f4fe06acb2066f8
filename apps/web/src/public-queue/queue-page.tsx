import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { Code128Svg } from '../lib/barcode/code128-svg.tsx';
import { config } from '../lib/config.ts';
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
import { browserLanguageTags, pickLanguage, readStoredLanguage, storeLanguage } from './language.ts';
import { queueProgress, queueStatus, type ProgressStep, type QueueStatus, type StepId } from './progress.ts';
import { STRINGS, type Strings } from './strings.ts';
import { useQueue, type LiveState } from './use-queue.ts';

/** The QR code's drawing pulls in the QR encoder: loaded after the page's first paint. */
const QrSvg = lazy(() => import('../lib/barcode/qr-svg.tsx'));

/**
 * The driver's page (SPEC.md section 2, "Public queue page"): one ticket, opened from the QR
 * code on it. It shows that ticket only: its number, where it stands and what to do next.
 */
export function QueuePage({ uuid }: { uuid: string | null }) {
  const [language, setLanguage] = useState<Language>(() =>
    pickLanguage(readStoredLanguage(), browserLanguageTags(), config.defaultLanguage),
  );
  const s = STRINGS[language];
  const { view, retry } = useQueue(uuid);
  const queue = view.kind === 'ready' ? view.queue : null;
  const status = queue ? queueStatus(queue) : null;

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const title = documentTitle(s, view.kind, queue, status);
  useEffect(() => {
    document.title = title;
  }, [title]);

  useBuzzWhenCalled(status);

  const changeLanguage = (next: Language) => {
    storeLanguage(next);
    setLanguage(next);
  };

  const organisation = queue ? queue.company_name.trim() || queue.branch_name : config.companyName;
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
          {status && <StatusPanel s={s} status={status} reason={view.queue.reason_name} />}
          {/* A cancelled or voided ticket goes no further: its panel says so, without steps. */}
          {status?.kind !== 'noShow' && status?.kind !== 'voided' && (
            <Progress s={s} steps={queueProgress(view.queue)} />
          )}
          {/* Inside the plant, the counters may scan the phone instead of the paper ticket. */}
          {status?.kind !== 'exited' && status?.kind !== 'voided' && (
            <CounterCodes s={s} queue={view.queue} />
          )}
          <Footer s={s} live={view.live} updatedAt={view.updatedAt} />
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

function documentTitle(
  s: Strings,
  kind: 'loading' | 'notFound' | 'error' | 'ready',
  queue: PublicQueue | null,
  status: QueueStatus | null,
): string {
  if (kind === 'notFound') return s.notFoundTitle;
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

/** `reason`: why the load was sent to recheck or rejected, in the plant's words. */
function StatusPanel({
  s,
  status,
  reason,
}: {
  s: Strings;
  status: QueueStatus;
  reason: string | null | undefined;
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
            (status.ahead === 0 ? (
              <p className="qp-status-title">{s.youAreNext}</p>
            ) : (
              <p className="qp-ahead">
                <span className="qp-ahead-count">{status.ahead}</span>
                <span className="qp-ahead-text">{s.aheadOfYou(status.ahead)}</span>
              </p>
            ))}
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
function CounterCodes({ s, queue }: { s: Strings; queue: PublicQueue }) {
  return (
    <section className="qp-card qp-codes" aria-labelledby="qp-codes-title">
      <h2 id="qp-codes-title" className="qp-section-title">
        {s.counterCodes}
      </h2>
      <p className="qp-codes-hint">{s.counterCodesHint}</p>
      <div className="qp-codes-symbols">
        <Suspense fallback={<span className="qp-codes-qr" />}>
          <QrSvg className="qp-codes-qr" text={driverPageUrl(queue.uuid)} label={s.qrLabel} />
        </Suspense>
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

function clock(at: Date): string {
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

function Footer({ s, live, updatedAt }: { s: Strings; live: LiveState | 'ended'; updatedAt: Date }) {
  return (
    <footer className="qp-foot">
      {live !== 'ended' && (
        <span className={`qp-live qp-live--${live}`}>
          <span className="qp-live-dot" aria-hidden="true" />
          {s.live[live]}
        </span>
      )}
      <span className="qp-updated">{s.updatedAt(clock(updatedAt))}</span>
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
