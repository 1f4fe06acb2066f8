import type { ChangeEvent, Ref } from 'react';
import { Input, type InputRef } from 'antd';
import { NumberOutlined } from '@ant-design/icons';

/** Room for the driver's page address of a QR code (PUBLIC_URL, /Queue/data/ and a uuid). */
const SCAN_MAX_LENGTH = 200;

interface QueueNumberInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter (a barcode scanner ends with it) or the page's button. */
  onSubmit: () => void;
  inputRef?: Ref<InputRef>;
  placeholder: string;
  ariaLabel: string;
  id?: string;
  error?: boolean;
  autoFocus?: boolean;
}

/**
 * The scan box of the lab, weighbridge, gate and Manage Calling screens: large, upper-cases what
 * is typed (keeping the caret where it was), and submits on Enter. It holds a queue number, a
 * ticket code, or the driver's page address a wedge scanner types from a ticket's QR code.
 */
export function QueueNumberInput({
  value,
  onChange,
  onSubmit,
  inputRef,
  placeholder,
  ariaLabel,
  id,
  error = false,
  autoFocus = true,
}: QueueNumberInputProps) {
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const element = event.target;
    const upper = element.value.toUpperCase();
    if (upper !== element.value && upper.length === element.value.length) {
      const { selectionStart, selectionEnd } = element;
      element.value = upper;
      element.setSelectionRange(selectionStart, selectionEnd);
    }
    onChange(upper);
  };

  return (
    <Input
      ref={inputRef}
      id={id}
      size="large"
      value={value}
      onChange={change}
      onPressEnter={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      placeholder={placeholder}
      aria-label={ariaLabel}
      autoFocus={autoFocus}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={SCAN_MAX_LENGTH}
      allowClear
      status={error ? 'error' : undefined}
      prefix={<NumberOutlined aria-hidden />}
      style={{ fontSize: 20, fontWeight: 600, letterSpacing: 1 }}
    />
  );
}

/** Puts the caret back in the field, with its text selected so the next scan replaces it. */
export function focusQueueNumber(input: InputRef | null, select = false): void {
  if (!input) return;
  input.focus(select ? { cursor: 'all' } : undefined);
}
