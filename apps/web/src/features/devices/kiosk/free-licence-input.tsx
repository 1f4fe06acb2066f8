import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LICENCE_MAX } from '@truck-queue/shared/licence';
import { visibleCount } from '../../plates/licence-count.ts';
import type { KeypadInputs } from './use-keypad-target.ts';

/** The free text's id among the fields the keypad types into. */
export const FREE_ID = 'free';

/** The licence typed in one piece, as before plates and provinces were offered. */
export function FreeLicenceInput({
  text,
  invalid,
  keypad,
  onText,
  onEnter,
}: {
  text: string;
  invalid: boolean;
  keypad: KeypadInputs;
  onText: (text: string) => void;
  onEnter: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Input
      ref={(input) => keypad.register(FREE_ID, input)}
      className="tqk-licence-input"
      data-testid="kiosk-licence-input"
      aria-label={t('kiosk.licence.label')}
      aria-invalid={invalid}
      placeholder={t('kiosk.licence.placeholder')}
      value={text}
      status={invalid ? 'error' : undefined}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="characters"
      spellCheck={false}
      inputMode="text"
      enterKeyHint="next"
      // Counted as the server counts: a little past the limit, so "too long" can be said.
      count={visibleCount(LICENCE_MAX + 10)}
      onSelect={(event) => keypad.remember(FREE_ID, event.currentTarget)}
      onChange={(event) => {
        keypad.remember(FREE_ID, event.target);
        onText(event.target.value.toUpperCase());
      }}
      onPressEnter={onEnter}
    />
  );
}
