import { Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIGITS, keyLabel, LATIN, THAI_CONSONANTS, THAI_VOWELS, type KeypadKey } from './keypad.ts';

export type KeypadTab = 'thai' | 'vowels' | 'latin';
const TAB_KEYS: Record<KeypadTab, string[]> = { thai: THAI_CONSONANTS, vowels: THAI_VOWELS, latin: LATIN };
/** Columns of the letter grid: 44 consonants make 4 full rows, the other tabs fit in 4 rows. */
const LETTER_COLUMNS = 11;

/**
 * The kiosk's own keypad: digits, Thai consonants, vowels and tone marks, Latin letters, dash,
 * space, backspace and clear. It types into whatever field its step says is active, without
 * taking the focus (the caret stays where the truck put it). `digits` off: a province's name.
 */
export function KeypadPanel({
  tab,
  onTab,
  onPress,
  digits = true,
}: {
  tab: KeypadTab;
  onTab: (tab: KeypadTab) => void;
  onPress: (key: KeypadKey) => void;
  digits?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="tqk-keypad" role="group" aria-label={t('kiosk.keypad.label')} data-testid="kiosk-keypad">
      {digits && <KeyGrid keys={DIGITS} columns={DIGITS.length} onPress={onPress} />}
      <Segmented<KeypadTab>
        className="tqk-tabs"
        block
        value={tab}
        onChange={onTab}
        options={[
          { value: 'thai', label: t('kiosk.keypad.thai') },
          { value: 'vowels', label: t('kiosk.keypad.vowels') },
          { value: 'latin', label: t('kiosk.keypad.latin') },
        ]}
      />
      <KeyGrid keys={TAB_KEYS[tab]} columns={LETTER_COLUMNS} rows={4} onPress={onPress} />
      <div className="tqk-keys" style={{ ['--tqk-cols' as string]: 6 }}>
        <KeyButton
          label="-"
          ariaLabel={t('kiosk.keypad.dash')}
          onPress={() => onPress({ kind: 'char', char: '-' })}
        />
        <KeyButton
          label={t('kiosk.keypad.space')}
          wide
          span={3}
          onPress={() => onPress({ kind: 'char', char: ' ' })}
        />
        <KeyButton
          label={`⌫ ${t('kiosk.keypad.backspace')}`}
          wide
          onPress={() => onPress({ kind: 'backspace' })}
        />
        <KeyButton label={t('kiosk.keypad.clear')} wide danger onPress={() => onPress({ kind: 'clear' })} />
      </div>
    </div>
  );
}

export function KeyGrid({
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

export function KeyButton({
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
