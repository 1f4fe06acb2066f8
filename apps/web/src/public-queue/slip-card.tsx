/** @jsxRuntime automatic */
import { useState } from 'react';
import { hasHiddenCharacter, startsLikeFormula } from '@truck-queue/shared/typed-text';
import type { PublicDispute } from '@truck-queue/shared/contracts/dispute.contract';
import type { SlipWire } from '@truck-queue/shared/contracts/public-queue.contract';
import { deductionPercent } from '@truck-queue/shared/queue/slip';
import { formatKg } from '@truck-queue/shared/weight-format';
import { sendDispute } from './api.ts';
import type { Strings } from './strings.ts';

/** The shortest note the server takes (dispute.contract.ts DisputeTextSchema). */
const NOTE_MIN = 3;
const NOTE_MAX = 500;

/**
 * The receiving slip on the driver's page, as the plant prints it: both weighings with their
 * time and where each came from (a typed one marked), gross, tare and net, the lab's values,
 * what they take off, and the weight the truck is paid on.
 */
export function SlipCard({
  s,
  slip,
  locale,
  uuid,
  dispute,
  onDisputed,
}: {
  s: Strings;
  slip: SlipWire;
  locale: string;
  uuid: string;
  dispute: PublicDispute | null;
  /** A dispute was sent: the page reads the ticket again to show it. */
  onDisputed: () => void;
}) {
  const kg = (value: number) => `${formatKg(value, locale)} ${s.slip.kg}`;
  const weighing = (label: string, w: SlipWire['weigh_in']) => (
    <div className="qp-slip-row qp-slip-weighing">
      <dt>{label}</dt>
      <dd>
        <strong>{kg(w.kg)}</strong>
        <span className="qp-slip-meta">
          {w.at}
          {w.source === 'indicator' && w.scale ? ` · ${s.slip.scale(w.scale)}` : ''}
        </span>
        {w.source === 'manual' && (
          <span className="qp-slip-typed" data-testid="slip-typed">
            {w.reason ? `${s.slip.typed}: ${w.reason}` : s.slip.typed}
          </span>
        )}
        {w.source === 'stored_tare' && (
          <span className="qp-slip-typed" data-testid="slip-stored-tare">
            {s.slip.storedTare(slip.stored_tare_at ?? '')}
          </span>
        )}
      </dd>
    </div>
  );
  return (
    <section className="qp-card qp-slip" aria-labelledby="qp-slip-title" data-testid="slip">
      <h2 id="qp-slip-title" className="qp-section-title">
        {s.slip.title}
      </h2>
      <dl className="qp-slip-list">
        {weighing(s.slip.weighIn, slip.weigh_in)}
        {weighing(s.slip.weighOut, slip.weigh_out)}
        <div className="qp-slip-row">
          <dt>{s.slip.gross}</dt>
          <dd>{kg(slip.gross_kg)}</dd>
        </div>
        <div className="qp-slip-row">
          <dt>{s.slip.tare}</dt>
          <dd>{kg(slip.tare_kg)}</dd>
        </div>
        <div className="qp-slip-row qp-slip-net">
          <dt>{s.slip.net}</dt>
          <dd>{kg(slip.net_kg)}</dd>
        </div>
        {slip.weight_warnings.map((code) => (
          // What the weighbridge warned of and the officer confirmed: said as the paper slip says it.
          <div key={code} className="qp-slip-row" data-testid="slip-warning">
            <dt aria-hidden="true">⚠</dt>
            <dd className="qp-slip-typed">{s.slip.warnings[code]}</dd>
          </div>
        ))}
        {slip.lab_values.length > 0 && (
          <div className="qp-slip-row">
            <dt>{s.slip.lab}</dt>
            <dd className="qp-slip-lab">
              {slip.lab_values.map((v) => (
                // A value with no pass range is a reading only: no "passed" beside it.
                <span
                  key={v.measure_id}
                  className={v.pass_range === null ? undefined : v.passed ? 'qp-slip-pass' : 'qp-slip-fail'}
                >
                  {v.name} {v.value.toFixed(v.decimals)}
                  {v.unit ? ` ${v.unit}` : ''}
                  {v.pass_range === null ? '' : ` (${v.passed ? s.slip.passed : s.slip.failed})`}
                </span>
              ))}
            </dd>
          </div>
        )}
        {slip.deductions.map((d) => (
          <div className="qp-slip-row qp-slip-deduction" key={d.name}>
            <dt>{s.slip.deduction(d.name, deductionPercent(d, locale))}</dt>
            <dd>−{kg(d.kg)}</dd>
          </div>
        ))}
        <div className="qp-slip-row qp-slip-paid">
          <dt>{s.slip.paid}</dt>
          <dd data-testid="slip-paid">{kg(slip.paid_kg)}</dd>
        </div>
      </dl>
      <Dispute s={s} uuid={uuid} dispute={dispute} onDisputed={onDisputed} />
    </section>
  );
}

/**
 * The driver's say on his slip: his latest dispute and the plant's answer, and, unless one is
 * still open, a button that opens a short form to send one.
 */
function Dispute({
  s,
  uuid,
  dispute,
  onDisputed,
}: {
  s: Strings;
  uuid: string;
  dispute: PublicDispute | null;
  onDisputed: () => void;
}) {
  const [writing, setWriting] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (note.trim().length < NOTE_MIN) {
      setProblem(s.dispute.tooShort);
      return;
    }
    if (startsLikeFormula(note.trim()) || hasHiddenCharacter(note, true)) {
      setProblem(s.dispute.unreadable);
      return;
    }
    setSending(true);
    const refused = await sendDispute(uuid, note.trim());
    setSending(false);
    if (refused === null) {
      setWriting(false);
      setNote('');
      onDisputed();
      return;
    }
    setProblem(
      refused === 'DISPUTE_OPEN'
        ? s.dispute.alreadyOpen
        : refused === 'VALIDATION_FAILED'
          ? s.dispute.unreadable
          : s.dispute.failed,
    );
  };

  return (
    <div className="qp-dispute">
      {dispute && (
        <div className="qp-dispute-state" data-testid="dispute-state">
          <p className="qp-slip-meta">{s.dispute.sent(dispute.created_view)}</p>
          <p>“{dispute.note}”</p>
          {dispute.resolved ? (
            <p>
              <strong>{s.dispute.answer}:</strong> {dispute.resolution}
            </p>
          ) : (
            <p className="qp-slip-meta">{s.dispute.waiting}</p>
          )}
        </div>
      )}
      {(!dispute || dispute.resolved) &&
        (writing ? (
          <div className="qp-dispute-form">
            <label htmlFor="qp-dispute-note">{s.dispute.label}</label>
            <textarea
              id="qp-dispute-note"
              value={note}
              maxLength={NOTE_MAX}
              rows={3}
              placeholder={s.dispute.placeholder}
              onChange={(event) => {
                setNote(event.target.value);
                setProblem(null);
              }}
            />
            {problem && (
              <p className="qp-dispute-problem" role="alert">
                {problem}
              </p>
            )}
            <div className="qp-dispute-buttons">
              <button type="button" className="qp-button qp-button--quiet" onClick={() => setWriting(false)}>
                {s.dispute.cancel}
              </button>
              <button type="button" className="qp-button" disabled={sending} onClick={() => void send()}>
                {s.dispute.send}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="qp-button qp-button--quiet"
            onClick={() => setWriting(true)}
            data-testid="dispute-open"
          >
            {s.dispute.open}
          </button>
        ))}
    </div>
  );
}
