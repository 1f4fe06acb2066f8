import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Input, Segmented, theme, type InputRef } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  applyKey,
  checkLicence,
  DIGITS,
  keyLabel,
  LATIN,
  LICENCE_MAX,
  THAI_CONSONANTS,
  THAI_VOWELS,
  type KeypadKey,
  type LicenceEdit,
  type LicenceProblem,
} from './keypad.ts';
import { StepHeading } from './step-heading.tsx';

type Tab = 'thai' | 'vowels' | 'latin';
const TAB_KEYS: Record<Tab, string[]> = { thai: THAI_CONSONANTS, vowels: THAI_VOWELS, latin: LATIN };
/** Columns of the letter grid: 44 consonants make 4 full rows, the other tabs fit in 4 rows. */
const LETTER_COLUMNS = 11;

/**
 * Step 3: the truck's licence. A real input (a physical keyboard or the OS's on-screen keyboard
 * works) and the kiosk's own keypad, which types at the input's caret without taking the focus.
 */
export function LicenceStep({
  licence,
  onChange,
  onNext,
  onBack,
}: {
  licence: string;
  onChange: (licence: string) => void;
  onNext: (licence: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const input = useRef<InputRef>(null);
  // Where the next key goes: the input's last selection (the end when it was never touched).
  const selection = useRef({ start: licence.length, end: licence.length });
  const pendingCaret = useRef<number | null>(null);
  const [problem, setProblem] = useState<LicenceProblem | null>(null);
  const [tab, setTab] = useState<Tab>('thai');

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const element = input.current?.input;
    if (caret === null || !element) return;
    pendingCaret.current = null;
    if (document.activeElement === element) element.setSelectionRange(caret, caret);
  });

  const remember = (element: HTMLInputElement) => {
    selection.current = {
      start: element.selectionStart ?? element.value.length,
      end: element.selectionEnd ?? element.value.length,
    };
  };

  const press = (key: KeypadKey) => {
    const edit: LicenceEdit = { value: licence, ...selection.current };
    const next = applyKey(edit, key);
    selection.current = { start: next.start, end: next.end };
    pendingCaret.current = next.start;
    setProblem(null);
    onChange(next.value);
  };

  const submit = () => {
    const check = checkLicence(licence);
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    onNext(check.licence);
  };

  const problemText =
    problem === 'empty'
      ? t('kiosk.licence.errors.empty')
      : problem === 'tooLong'
        ? t('kiosk.licence.errors.tooLong', { max: LICENCE_MAX })
        : problem === 'startsLikeFormula'
          ? t('kiosk.licence.errors.startsLikeFormula')
          : problem === 'invalid'
            ? t('kiosk.licence.errors.invalid')
            : null;

  return (
    <>
      <StepHeading title={t('kiosk.licence.title')} hint={t('kiosk.licence.hint')} />
      <div>
        <Input
          ref={input}
          className="tqk-licence-input"
          data-testid="kiosk-licence-input"
          aria-label={t('kiosk.licence.label')}
          aria-invalid={problem !== null}
          placeholder={t('kiosk.licence.placeholder')}
          value={licence}
          status={problem ? 'error' : undefined}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          enterKeyHint="next"
          maxLength={LICENCE_MAX + 10}
          onChange={(event) => {
            const element = event.target;
            remember(element);
            setProblem(null);
            onChange(element.value.toUpperCase());
          }}
          onSelect={(event) => remember(event.currentTarget)}
          onPressEnter={submit}
        />
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 16,
            marginTop: 8,
            fontSize: 'clamp(18px, 2vh, 28px)',
            minHeight: '1.5em',
          }}
        >
          <span role="alert" style={{ color: token.colorErrorText, fontWeight: 600 }}>
            {problemText}
          </span>
          <span style={{ color: token.colorTextSecondary, flex: 'none' }}>
            {t('kiosk.licence.count', { n: licence.length, max: LICENCE_MAX })}
          </span>
        </div>
      </div>

      <div
        className="tqk-keypad"
        role="group"
        aria-label={t('kiosk.keypad.label')}
        data-testid="kiosk-keypad"
      >
        <KeyGrid keys={DIGITS} columns={DIGITS.length} onPress={press} />
        <Segmented<Tab>
          className="tqk-tabs"
          block
          value={tab}
          onChange={setTab}
          options={[
            { value: 'thai', label: t('kiosk.keypad.thai') },
            { value: 'vowels', label: t('kiosk.keypad.vowels') },
            { value: 'latin', label: t('kiosk.keypad.latin') },
          ]}
        />
        <KeyGrid keys={TAB_KEYS[tab]} columns={LETTER_COLUMNS} rows={4} onPress={press} />
        <div className="tqk-keys" style={{ ['--tqk-cols' as string]: 6 }}>
          <KeyButton
            label="-"
            ariaLabel={t('kiosk.keypad.dash')}
            onPress={() => press({ kind: 'char', char: '-' })}
          />
          <KeyButton
            label={t('kiosk.keypad.space')}
            wide
            span={3}
            onPress={() => press({ kind: 'char', char: ' ' })}
          />
          <KeyButton
            label={`⌫ ${t('kiosk.keypad.backspace')}`}
            wide
            onPress={() => press({ kind: 'backspace' })}
          />
          <KeyButton label={t('kiosk.keypad.clear')} wide danger onPress={() => press({ kind: 'clear' })} />
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
          icon={<ArrowRightOutlined />}
          iconPlacement="end"
          onClick={submit}
          data-testid="kiosk-licence-next"
        >
          {t('kiosk.nav.next')}
        </Button>
      </div>
    </>
  );
}

function KeyGrid({
  keys,
  columns,
  rows,
  onPress,
}: {
  keys: string[];
  columns: number;
  rows?: number;
  onPress: (key: KeypadKey) => void;
}) {
  return (
    <div
      className="tqk-keys"
      style={{
        ['--tqk-cols' as string]: columns,
        // The tabs hold different numbers of keys: a fixed number of rows keeps the keypad still.
        gridTemplateRows: rows ? `repeat(${rows}, clamp(54px, 6vh, 104px))` : undefined,
      }}
    >
      {keys.map((char) => (
        <KeyButton
          key={char}
          label={keyLabel(char)}
          ariaLabel={char}
          onPress={() => onPress({ kind: 'char', char })}
        />
      ))}
    </div>
  );
}

function KeyButton({
  label,
  ariaLabel,
  onPress,
  wide = false,
  span,
  danger = false,
}: {
  label: string;
  ariaLabel?: string;
  onPress: () => void;
  wide?: boolean;
  span?: number;
  danger?: boolean;
}) {
  return (
    <Button
      className={wide ? 'tqk-key tqk-key-wide' : 'tqk-key'}
      aria-label={ariaLabel}
      danger={danger}
      style={span ? { gridColumn: `span ${span}` } : undefined}
      // Keep the focus (and the caret) in the input: a key types, it does not take the focus.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      {label}
    </Button>
  );
}
