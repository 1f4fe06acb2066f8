import type { CSSProperties, ReactNode, Ref } from 'react';
import { Flex, Form, type InputRef } from 'antd';
import { usePhone } from '../../../lib/use-phone.ts';
import { QueueNumberInput } from './queue-number-input.tsx';

interface QueueNumberFieldProps {
  /** The input's id, which the label points at. */
  id: string;
  /** The label, also the input's accessible name. */
  label: string;
  placeholder: string;
  /** Shown in red when the officer submitted without a number. */
  requiredText: string;
  missing: boolean;
  /** Shown under the field otherwise, e.g. what is known of the typed queue. */
  help?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field. */
  onSubmit: () => void;
  inputRef: Ref<InputRef>;
  /** The camera's scan button, right beside the field (nothing where the browser has no camera). */
  camera?: ReactNode;
  /** The submit button: beside the field; under it, as wide as the screen, on a phone. */
  action?: ReactNode;
  /** The form item's style, e.g. to share a row with other fields. */
  style?: CSSProperties;
}

/**
 * The labelled scan box of a station's form (a queue number, a ticket code or a ticket's QR code
 * address), red with a reason while it is empty, with the camera's button beside it.
 */
export function QueueNumberField({
  id,
  label,
  placeholder,
  requiredText,
  missing,
  help,
  value,
  onChange,
  onSubmit,
  inputRef,
  camera,
  action,
  style,
}: QueueNumberFieldProps) {
  const phone = usePhone();
  const field = (
    <QueueNumberInput
      id={id}
      inputRef={inputRef}
      value={value}
      onChange={onChange}
      onSubmit={onSubmit}
      placeholder={placeholder}
      ariaLabel={label}
      error={missing}
    />
  );
  const input = camera ? (
    <Flex gap={8}>
      <div style={{ flex: 1, minWidth: 0 }}>{field}</div>
      {camera}
    </Flex>
  ) : (
    field
  );
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={missing ? 'error' : undefined}
      help={missing ? requiredText : (help ?? undefined)}
      style={{ ...style, marginBottom: 0 }}
    >
      {action && phone ? (
        <Flex vertical gap={12} className="tq-fill">
          {input}
          {action}
        </Flex>
      ) : action ? (
        <Flex gap={12} wrap>
          <div style={{ flex: '1 1 240px', maxWidth: 360 }}>{input}</div>
          {action}
        </Flex>
      ) : (
        input
      )}
    </Form.Item>
  );
}
