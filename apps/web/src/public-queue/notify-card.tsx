/** @jsxRuntime automatic */
import { useEffect, useRef, useState } from 'react';
import type { NotifyChoice, NotifyOptions } from '@truck-queue/shared/contracts/notification.contract';
import { NOTIFY_AHEAD_DEFAULT, NOTIFY_AHEAD_MAX } from '@truck-queue/shared/notifications/moments';
import { QrSvg } from '../lib/barcode/qr-svg.tsx';
import type { Language } from '../lib/languages.ts';
import { BellIcon } from './icons.tsx';
import { fetchNotifyOptions, subscribePush, unsubscribePush, type NotifyAnswer } from './notify-api.ts';
import {
  currentEndpoint,
  currentSubscription,
  pushSupport,
  subscribeBrowser,
  type PushSupport,
} from './push.ts';
import type { NotifyStrings } from './strings.ts';

/**
 * "Notify me" on the driver's page (issue 21): the plant's privacy notice and his consent
 * first, then when he wants to hear (N trucks ahead, called, the lab's result), and a button
 * that subscribes this browser to Web Push; once on, what he chose, to change or stop. With a
 * LINE account at the plant, a button and a QR code open its chat with the ticket's code.
 *
 * It needs the browser (its push subscription, the notification permission): the server's
 * render and the first render in the browser show nothing, so the page hydrates unchanged,
 * and the card appears once the ticket's options are read.
 */
export function NotifyCard({
  s,
  uuid,
  language,
  lab,
  waiting,
}: {
  s: NotifyStrings;
  uuid: string;
  language: Language;
  /** A lab-flow ticket whose result is not out yet: the lab choice is offered. */
  lab: boolean;
  /** The truck is still waiting for its call: subscribing is offered (later, only changing or stopping). */
  waiting: boolean;
}) {
  const [options, setOptions] = useState<NotifyOptions | null>(null);
  const [support, setSupport] = useState<PushSupport>('none');
  const [consent, setConsent] = useState(false);
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<NotifyChoice>({ ahead: NOTIFY_AHEAD_DEFAULT, called: true, lab });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const here = pushSupport();
      const endpoint = here === 'ok' ? await currentEndpoint() : null;
      const answer = await fetchNotifyOptions(uuid, endpoint);
      if (!live || !answer.ok) return;
      setSupport(here);
      setOptions(answer.options);
    })();
    return () => {
      live = false;
    };
  }, [uuid]);

  // The messages come in the page's language: a change of language while on is told to the server.
  const subscribedIn = useRef<Language>(language);
  const subscription = options?.subscription ?? null;
  useEffect(() => {
    if (!subscription || subscribedIn.current === language) return;
    subscribedIn.current = language;
    void (async () => {
      const browser = await currentSubscription();
      if (browser) await subscribePush(uuid, browser, subscription, language);
    })();
  }, [language, subscription, uuid]);

  if (!options || options.ended) return null;
  const push = options.web_push;
  if (!push && !options.line) return null;
  // After the call there is nothing left to subscribe to, but one who is on may still stop.
  if (!waiting && !subscription && !options.line_linked) return null;

  const refusal = (answer: Exclude<NotifyAnswer, { ok: true }>) => {
    switch (answer.code) {
      case 'network':
        return s.network;
      case 'ALREADY_LEFT':
        return s.ended;
      case 'PUSH_SERVICE_NOT_ALLOWED':
      case 'PUSH_ENDPOINT_NOT_CANONICAL':
        return s.notAllowed;
      case 'TOO_MANY_FOLLOWERS':
        return s.tooMany;
      default:
        return s.refused;
    }
  };

  const settle = (answer: NotifyAnswer) => {
    if (answer.ok) {
      setOptions(answer.options);
      setEditing(false);
      setProblem(null);
      subscribedIn.current = language;
    } else setProblem(refusal(answer));
  };

  const turnOn = async () => {
    if (!push) return;
    setBusy(true);
    setProblem(null);
    setNote(null);
    const browser = await subscribeBrowser(push.public_key);
    if (!browser.ok) {
      setBusy(false);
      setProblem(
        browser.reason === 'denied' ? s.denied : browser.reason === 'dismissed' ? s.dismissed : s.failed,
      );
      return;
    }
    settle(await subscribePush(uuid, browser.subscription, choice, language));
    setBusy(false);
  };

  const save = async () => {
    setBusy(true);
    setProblem(null);
    const browser = await currentSubscription();
    if (browser) settle(await subscribePush(uuid, browser, choice, language));
    else setProblem(s.failed);
    setBusy(false);
  };

  const stop = async () => {
    setBusy(true);
    setProblem(null);
    const endpoint = await currentEndpoint();
    if (endpoint) {
      const answer = await unsubscribePush(uuid, endpoint);
      settle(answer);
      if (answer.ok) setNote(s.stopped);
    }
    setBusy(false);
  };

  const nothingChosen = choice.ahead === null && !choice.called && !(lab && choice.lab);
  const notice = options.privacy_notice.trim() || s.defaultNotice(options.retention_days);

  let pushPart = null;
  if (push && support !== 'ok') {
    pushPart = (
      <p className="qp-notify-note" data-testid="notify-unsupported">
        {support === 'ios' ? s.ios : support === 'insecure' ? s.insecure : s.unsupported}
      </p>
    );
  } else if (push && subscription && !editing) {
    pushPart = (
      <div className="qp-notify-on" data-testid="notify-on">
        <p className="qp-notify-on-title">{s.onTitle}</p>
        <ul className="qp-notify-list">
          {subscription.ahead !== null && <li>{s.onAhead(subscription.ahead)}</li>}
          {subscription.called && <li>{s.onCalled}</li>}
          {subscription.lab && lab && <li>{s.onLab}</li>}
        </ul>
        <div className="qp-notify-buttons">
          <button
            type="button"
            className="qp-button qp-button--quiet"
            disabled={busy}
            onClick={() => void stop()}
            data-testid="notify-stop"
          >
            {s.stop}
          </button>
          {waiting && (
            <button
              type="button"
              className="qp-button"
              disabled={busy}
              onClick={() => {
                setChoice({ ...subscription, lab: subscription.lab && lab });
                setEditing(true);
                setNote(null);
              }}
              data-testid="notify-change"
            >
              {s.change}
            </button>
          )}
        </div>
      </div>
    );
  } else if (push && waiting) {
    const consentGiven = editing || consent;
    pushPart = (
      <>
        {!editing && (
          <>
            <p className="qp-notify-intro">{s.intro}</p>
            <div className="qp-notify-privacy" data-testid="notify-privacy">
              <p className="qp-notify-privacy-title">{s.privacyTitle}</p>
              <p className="qp-notify-privacy-text">{notice}</p>
            </div>
            <label className="qp-notify-check qp-notify-consent">
              <input
                type="checkbox"
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
                data-testid="notify-consent"
              />
              <span>{s.consent}</span>
            </label>
          </>
        )}
        {consentGiven && (
          <fieldset className="qp-notify-choices" data-testid="notify-choices">
            <legend>{s.when}</legend>
            <label className="qp-notify-check">
              <input
                type="checkbox"
                checked={choice.ahead !== null}
                onChange={(event) =>
                  setChoice({ ...choice, ahead: event.target.checked ? NOTIFY_AHEAD_DEFAULT : null })
                }
                data-testid="notify-ahead"
              />
              <span>{s.ahead}</span>
            </label>
            {choice.ahead !== null && (
              <AheadStepper
                s={s}
                value={choice.ahead}
                onChange={(ahead) => setChoice({ ...choice, ahead })}
              />
            )}
            <label className="qp-notify-check">
              <input
                type="checkbox"
                checked={choice.called}
                onChange={(event) => setChoice({ ...choice, called: event.target.checked })}
                data-testid="notify-called"
              />
              <span>{s.called}</span>
            </label>
            {lab && (
              <label className="qp-notify-check">
                <input
                  type="checkbox"
                  checked={choice.lab}
                  onChange={(event) => setChoice({ ...choice, lab: event.target.checked })}
                  data-testid="notify-lab"
                />
                <span>{s.lab}</span>
              </label>
            )}
            {nothingChosen && <p className="qp-notify-hint">{s.pickOne}</p>}
            <div className="qp-notify-buttons">
              {editing && (
                <button
                  type="button"
                  className="qp-button qp-button--quiet"
                  disabled={busy}
                  onClick={() => {
                    setEditing(false);
                    setProblem(null);
                  }}
                >
                  {s.cancel}
                </button>
              )}
              <button
                type="button"
                className="qp-button"
                disabled={busy || nothingChosen}
                onClick={() => void (editing ? save() : turnOn())}
                data-testid="notify-subscribe"
              >
                {busy ? s.working : editing ? s.save : s.turnOn}
              </button>
            </div>
          </fieldset>
        )}
      </>
    );
  }

  return (
    <section className="qp-card qp-notify" aria-labelledby="qp-notify-title" data-testid="notify-card">
      <h2 id="qp-notify-title" className="qp-section-title qp-notify-title">
        <BellIcon className="qp-notify-bell" />
        {s.title}
      </h2>
      {pushPart}
      {note && (
        <p className="qp-notify-note" role="status">
          {note}
        </p>
      )}
      {problem && (
        <p className="qp-notify-problem" role="alert" data-testid="notify-problem">
          {problem}
        </p>
      )}
      {options.line && (
        <div className="qp-notify-line" data-testid="notify-line">
          {options.line_linked ? (
            <p className="qp-notify-on-title">{s.lineLinked}</p>
          ) : (
            <>
              <a
                className="qp-button qp-notify-line-button"
                href={options.line.chat_url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {s.lineButton}
              </a>
              <p className="qp-notify-hint">{s.lineHint}</p>
              <QrSvg className="qp-notify-line-qr" text={options.line.chat_url} label={s.lineQr} />
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** The number of trucks ahead to be told at: − and + for a thumb, the number typed for the rest. */
function AheadStepper({
  s,
  value,
  onChange,
}: {
  s: NotifyStrings;
  value: number;
  onChange: (value: number) => void;
}) {
  const clamp = (n: number) => Math.min(NOTIFY_AHEAD_MAX, Math.max(1, Math.round(n)));
  return (
    <div className="qp-notify-stepper">
      <button
        type="button"
        className="qp-notify-step"
        aria-label={s.fewer}
        disabled={value <= 1}
        onClick={() => onChange(clamp(value - 1))}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={NOTIFY_AHEAD_MAX}
        value={value}
        aria-label={s.aheadCount(value)}
        onChange={(event) => {
          const n = Number(event.target.value);
          if (Number.isFinite(n) && event.target.value !== '') onChange(clamp(n));
        }}
        data-testid="notify-ahead-count"
      />
      <button
        type="button"
        className="qp-notify-step"
        aria-label={s.more}
        disabled={value >= NOTIFY_AHEAD_MAX}
        onClick={() => onChange(clamp(value + 1))}
      >
        +
      </button>
      <span className="qp-notify-stepper-text">{s.aheadCount(value)}</span>
    </div>
  );
}
