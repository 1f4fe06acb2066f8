import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Flex, type InputRef, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ConflictReason, NumberCandidate } from '@truck-queue/shared/contracts/api';
import { parseScannedText, truckRefOf, type ScannedText } from '@truck-queue/shared/scan/scanned-text';
import { CameraScanButton } from '../../../components/camera-scan-button.tsx';
import { usePhone } from '../../../lib/use-phone.ts';
import { conflictReasonOf, errorCodeOf, errorMessage, numberCandidatesOf } from '../../../lib/errors.ts';
import {
  scanLabel,
  scanSubject,
  unreadableScan,
  type CounterSection,
  type NamedTruck,
  type ScannedTruck,
} from '../scan-words.ts';
import { CounterFormCard, type CounterIcon } from './counter-form-card.tsx';
import { QueueNumberField } from './queue-number-field.tsx';
import { focusQueueNumber } from './queue-number-input.tsx';
import { useFailureDialog, type LastScan, type StationFailure } from './station-feedback.tsx';
import { TodayTable, type TodayQuery, type TodayRow } from './today-table.tsx';
import { TruckChooser, type TruckChoice } from './truck-chooser.tsx';

export type { CounterSection } from '../scan-words.ts';

/** How a counter words a refusal beyond the texts its section shares, already translated. */
export interface RefusalWords {
  /** A CONFLICT the server gave no reason for: the page's guess at why (the server's words go under it). */
  conflict: string;
  /** VALIDATION_FAILED: the page's title, and whether the server's words go under it; the general text when absent. */
  invalid?: { title: string; explain?: boolean };
  /** Under a conflict the server gave its reason for: what to do instead. */
  hint?: (reason: ConflictReason) => string | undefined;
  /** A row's button rather than a typed number: only "not found" names the number. */
  fromRow?: boolean;
}

/**
 * Why a counter could not record a truck, in the officer's words: from the server's answer, its
 * `reason` first (errors.reasons.*), never from today's list, which may be older than the refusal.
 */
export function counterFailure(
  t: TFunction,
  section: CounterSection,
  error: unknown,
  named: NamedTruck,
  words: RefusalWords,
): StationFailure {
  const subject = scanSubject(t, section, named);
  const serverSays =
    error instanceof Error && error.message
      ? t(`${section}.serverSays`, { message: error.message })
      : undefined;
  const code = errorCodeOf(error);
  if (code === 'NOT_FOUND') {
    return {
      title: named.kind === 'number' ? t(`${section}.notFound`) : t('counter.scan.notFound'),
      subject,
    };
  }
  if (code === 'CONFLICT') {
    const reason = conflictReasonOf(error);
    if (reason) return { title: errorMessage(t, error), subject: words.hint?.(reason) };
    return { title: words.conflict, detail: serverSays };
  }
  if (code === 'VALIDATION_FAILED' && words.invalid) {
    return { title: words.invalid.title, subject, detail: words.invalid.explain ? serverSays : undefined };
  }
  return { title: errorMessage(t, error), subject: words.fromRow ? undefined : subject };
}

/** What a counter does after a refusal, beyond showing it. */
export interface RefusalOptions {
  /** Overrides where the caret goes once the refusal's dialog closes. */
  afterClose?: () => void;
  /**
   * Several trucks inside hold the number (AMBIGUOUS_NUMBER): send the same action again for the
   * one the officer picks. Without it such a refusal is only shown.
   */
  pick?: (candidate: NumberCandidate) => void;
}

/**
 * The scan box of a counter: what was typed or scanned (a queue number, a ticket code, a
 * ticket's QR code), its outcome, and the caret kept in the field.
 */
export interface CounterScan {
  section: CounterSection;
  inputRef: RefObject<InputRef | null>;
  value: string;
  /** What the box holds, read (scan/scanned-text.ts). */
  scanned: ScannedText;
  /** Submitted without a number: the field is red with a reason. */
  missing: boolean;
  /** The outcome of the last scan that went through. */
  last: LastScan | null;
  change: (value: string) => void;
  /**
   * The truck the box names, or null: an empty box turns red (with the caret in it); a misread
   * ticket code or a QR code that is no ticket's is shown in a dialog, and the text selected.
   */
  take: () => ScannedTruck | null;
  focus: (select?: boolean) => void;
  /** A scan went through: show what was recorded, empty the field for the next truck. */
  recorded: (scan: LastScan) => void;
  /**
   * The server refused: a blocking dialog the officer must notice before the next truck. A scan's
   * refusal clears the last outcome and selects the number after it; `afterClose` overrides that.
   * A number several trucks hold opens the chooser instead, when the page can `pick`.
   */
  refused: (error: unknown, named: NamedTruck, words: RefusalWords, options?: RefusalOptions) => void;
  /** The trucks the last number may mean, while the officer picks one (CounterPage shows them). */
  choice: TruckChoice | null;
  /** The officer picked one of them: the chooser closes and the page sends its action again. */
  choose: (candidate: NumberCandidate) => void;
  /** The officer closed the chooser without picking: the number is selected for a new scan. */
  cancelChoice: () => void;
}

export function useCounterScan(section: CounterSection): CounterScan {
  const { t } = useTranslation();
  const showFailure = useFailureDialog();
  const inputRef = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  // What the box holds now: a camera scan sets it and submits at once, before React re-renders.
  const current = useRef('');
  const [missing, setMissing] = useState(false);
  const [last, setLast] = useState<LastScan | null>(null);
  const [choice, setChoice] = useState<TruckChoice | null>(null);
  const focus = (select = false) => focusQueueNumber(inputRef.current, select);
  const set = (next: string) => {
    current.current = next;
    setValue(next);
  };

  return {
    section,
    inputRef,
    value,
    scanned: parseScannedText(value),
    missing,
    last,
    change: (next) => {
      set(next);
      if (next) setMissing(false);
    },
    take: () => {
      const scanned = parseScannedText(current.current);
      const ref = truckRefOf(scanned);
      switch (scanned.kind) {
        case 'number':
        case 'ticketCode':
        case 'uuid':
          return ref ? { ref, named: scanned } : null;
        case 'empty':
          setMissing(true);
          focus();
          return null;
        case 'misread':
        case 'foreignLink':
          setLast(null);
          showFailure(unreadableScan(t, scanned), () => focus(true));
          return null;
      }
    },
    focus,
    recorded: (scan) => {
      setLast(scan);
      set('');
      focus();
    },
    refused: (error, named, words, options = {}) => {
      if (!words.fromRow) setLast(null);
      const candidates = numberCandidatesOf(error);
      if (options.pick && candidates.length > 0) {
        setChoice({ n: scanLabel(t, named), candidates, pick: options.pick });
        return;
      }
      showFailure(
        counterFailure(t, section, error, named, words),
        options.afterClose ?? (() => focus(!words.fromRow)),
      );
    },
    choice,
    choose: (candidate) => {
      const pick = choice?.pick;
      setChoice(null);
      pick?.(candidate);
    },
    cancelChoice: () => {
      setChoice(null);
      focus(true);
    },
  };
}

interface CounterPageProps<T extends TodayRow> {
  scan: CounterScan;
  icon: CounterIcon;
  /**
   * Enter in the number field (a wedge scanner ends with it), or a camera scan: record, or go on
   * to the next field.
   */
  onEnter: () => void;
  /** The button beside the number field. */
  action?: ReactNode;
  /** Under the number field while it is not missing: what is known of the typed number. */
  help?: ReactNode;
  /**
   * More fields and buttons on the number's row (the weighbridge's weight); the number then takes
   * at most 300px. On a phone they go under it, each as wide as the screen.
   */
  extra?: ReactNode;
  /** Above the form: what the counter works with (the weighbridge's live scale). */
  top?: ReactNode;
  /** Under the form, above the day's list: what waits for the officer beside the scans (the cameras' reads). */
  afterForm?: ReactNode;
  /** The form's hint, when it is not the section's own (the weighbridge reading a scale). */
  hint?: string;
  /** Today's trucks at this counter. */
  today: TodayQuery<T>;
  columns: TableColumnsType<T>;
  /** The width from which today's table scrolls sideways. */
  scrollX: number;
}

/**
 * The page of a counter (the gate, the lab, the weighbridge): the scan form with its number
 * field and the outcome of the last scan, then today's table with its search, loading, empty
 * and failed states; the chooser when a number means several trucks. Each page brings its buttons, columns and mutation; the words come from
 * its locale section.
 */
export function CounterPage<T extends TodayRow>({
  scan,
  icon,
  onEnter,
  action,
  help,
  extra,
  top,
  afterForm,
  hint,
  today,
  columns,
  scrollX,
}: CounterPageProps<T>) {
  const { t } = useTranslation();
  const phone = usePhone();
  const section = scan.section;
  const field = (
    <QueueNumberField
      id={`${section}-queue-number`}
      label={t(`${section}.queueNumber`)}
      placeholder={t(`${section}.queueNumberPlaceholder`)}
      requiredText={t(`${section}.queueNumberRequired`)}
      missing={scan.missing}
      help={help}
      value={scan.value}
      onChange={scan.change}
      onSubmit={onEnter}
      inputRef={scan.inputRef}
      camera={
        <CameraScanButton
          onScan={(text) => {
            scan.change(text);
            onEnter();
          }}
        />
      }
      action={action}
      style={extra && !phone ? { flex: '1 1 220px', maxWidth: 300 } : undefined}
    />
  );

  return (
    <Flex vertical gap={24}>
      {top}
      <CounterFormCard
        icon={icon}
        title={t(`${section}.formTitle`)}
        hint={hint ?? t(`${section}.formHint`)}
        last={scan.last}
      >
        {extra ? (
          <Flex gap={16} wrap align={phone ? 'stretch' : 'start'} vertical={phone}>
            {field}
            {extra}
          </Flex>
        ) : (
          field
        )}
      </CounterFormCard>

      <TruckChooser choice={scan.choice} onPick={scan.choose} onCancel={scan.cancelChoice} />
      {afterForm}

      <TodayTable<T>
        query={today}
        columns={columns}
        scrollX={scrollX}
        texts={{
          title: t(`${section}.todayTitle`),
          total: (total) => t(`${section}.total`, { total }),
          search: t(`${section}.search`),
          retry: t(`${section}.retry`),
          noMatch: t(`${section}.noMatch`),
          empty: t(`${section}.empty`),
        }}
      />
    </Flex>
  );
}
