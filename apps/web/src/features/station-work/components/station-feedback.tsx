import { useCallback, type ReactNode } from 'react';
import { Alert, App, Flex, Typography } from 'antd';

/** What went wrong with one scan or click, already translated. */
export interface StationFailure {
  title: string;
  /** e.g. "Queue number typed: A012". */
  subject?: string;
  /** The server's own (English) wording, for a case the Thai title cannot name exactly. */
  detail?: string;
}

/**
 * A blocking error dialog for a failed scan: the officer must notice it before the next truck.
 * Its OK button has the focus, so Enter closes it; `afterClose` puts the caret back.
 */
export function useFailureDialog() {
  const { modal } = App.useApp();
  return useCallback(
    (failure: StationFailure, afterClose: () => void) => {
      modal.error({
        title: failure.title,
        content: <FailureDetails failure={failure} />,
        autoFocusButton: 'ok',
        afterClose,
      });
    },
    [modal],
  );
}

function FailureDetails({ failure }: { failure: StationFailure }) {
  if (!failure.subject && !failure.detail) return null;
  return (
    <Flex vertical gap={4} style={{ marginTop: 8 }}>
      {failure.subject && <Typography.Text strong>{failure.subject}</Typography.Text>}
      {failure.detail && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {failure.detail}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A scan that went through, already translated: what was recorded, and the truck's details. */
export interface LastScan {
  text: string;
  detail: string;
  /** 'warning': recorded, but not as it should have gone (a truck let out before its work was done). */
  tone?: 'success' | 'warning';
  /** What to do next with the truck (the weighbridge's "print the slip"), beside the outcome. */
  action?: ReactNode;
}

/** The outcome of the last scan, next to the field the officer is looking at (read aloud by screen readers). */
export function LastResult({
  text,
  detail,
  tone = 'success',
  action,
}: {
  text: string | null;
  detail?: string | undefined;
  tone?: LastScan['tone'] | undefined;
  action?: ReactNode;
}) {
  if (!text) return null;
  return (
    <div role="status" aria-live="polite">
      <Alert
        type={tone}
        showIcon
        title={<span style={{ fontSize: 16, fontWeight: 600 }}>{text}</span>}
        description={detail}
        action={action}
      />
    </div>
  );
}
