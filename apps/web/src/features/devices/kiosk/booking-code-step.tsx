import { useEffect, useRef } from 'react';
import { Button, Input, type InputRef } from 'antd';
import { ArrowLeftOutlined, ExclamationCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BOOKING_CODE_LENGTH } from '@truck-queue/shared/contracts/booking.contract';
import {
  CODE_DIGITS,
  CODE_LETTERS,
  readBookingCode,
  typeCode,
  type CodeEntry,
} from '../../check-in/booking-code.ts';
import { Notice } from './confirm-step.tsx';
import { KeyButton, KeyGrid } from './keypad-panel.tsx';
import { StepHeading } from './step-heading.tsx';
import { useKeypadTarget } from './use-keypad-target.ts';

const CODE_ID = 'booking-code';

/** What went wrong with the code: a title and what to do. */
export interface CodeProblem {
  title: string;
  lines: string[];
}
/** Room for the code written in groups ("ACDE-FGH3"), and a little over to say it is too long. */
const CODE_TYPED_MAX = BOOKING_CODE_LENGTH + 4;

/**
 * The booking's code: scanned from its QR by the kiosk's scanner (which types it, then Enter),
 * or typed on the keypad of the code's letters and digits. The input keeps the focus, so a scan
 * lands in it whatever was touched before.
 */
export function BookingCodeStep({
  entry,
  problem,
  finding,
  onEntry,
  onFind,
  onInvalid,
  onBack,
}: {
  entry: CodeEntry;
  /** Why the last code found nothing (or what is wrong with it), in words for the driver. */
  problem: CodeProblem | null;
  finding: boolean;
  onEntry: (entry: CodeEntry) => void;
  onFind: (code: string) => void;
  onInvalid: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<InputRef | null>(null);
  const keypad = useKeypadTarget({
    id: CODE_ID,
    value: entry.text,
    max: CODE_TYPED_MAX,
    set: (text) => onEntry(typeCode(entry, text)),
  });

  // After a code that found nothing, the whole text is selected: the next scan replaces it.
  useEffect(() => {
    if (problem) input.current?.select();
    else input.current?.focus();
  }, [problem]);

  const submit = () => {
    if (finding) return;
    const code = readBookingCode(entry);
    if (code) onFind(code);
    else onInvalid();
  };

  return (
    <>
      <StepHeading title={t('kiosk.booking.code.title')} hint={t('kiosk.booking.code.hint')} />
      <Input
        ref={(element) => {
          input.current = element;
          keypad.register(CODE_ID, element);
        }}
        autoFocus
        className="tqk-licence-input tqk-code-input"
        data-testid="kiosk-booking-code"
        aria-label={t('kiosk.booking.code.label')}
        aria-invalid={problem !== null}
        placeholder={t('kiosk.booking.code.placeholder')}
        value={entry.text}
        status={problem ? 'error' : undefined}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={CODE_TYPED_MAX + 8}
        onSelect={(event) => keypad.remember(CODE_ID, event.currentTarget)}
        onChange={(event) => {
          keypad.remember(CODE_ID, event.target);
          onEntry(typeCode(entry, event.target.value));
        }}
        onPressEnter={submit}
        // A tap elsewhere (a key, the page) never leaves the scanner without its input.
        onBlur={() => window.setTimeout(() => input.current?.focus(), 0)}
      />
      {problem && (
        <Notice
          tone="warning"
          icon={<ExclamationCircleOutlined />}
          title={problem.title}
          lines={problem.lines}
          testId="kiosk-booking-problem"
        />
      )}
      <div className="tqk-keypad" role="group" aria-label={t('kiosk.booking.code.keypad')}>
        <KeyGrid keys={CODE_DIGITS} columns={CODE_DIGITS.length} onPress={keypad.press} />
        <KeyGrid keys={CODE_LETTERS} columns={10} onPress={keypad.press} />
        <div className="tqk-keys" style={{ ['--tqk-cols' as string]: 2 }}>
          <KeyButton
            label={`⌫ ${t('kiosk.keypad.backspace')}`}
            wide
            onPress={() => keypad.press({ kind: 'backspace' })}
          />
          <KeyButton
            label={t('kiosk.keypad.clear')}
            wide
            danger
            onPress={() => keypad.press({ kind: 'clear' })}
          />
        </div>
      </div>
      <div className="tqk-actions">
        <Button className="tqk-big" size="large" icon={<ArrowLeftOutlined />} onClick={onBack}>
          {t('kiosk.nav.back')}
        </Button>
        <Button
          className="tqk-big"
          size="large"
          type="primary"
          icon={<SearchOutlined />}
          loading={finding}
          onClick={submit}
          data-testid="kiosk-booking-find"
        >
          {t('kiosk.booking.code.find')}
        </Button>
      </div>
    </>
  );
}
