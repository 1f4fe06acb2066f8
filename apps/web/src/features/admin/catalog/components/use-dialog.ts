import { useState } from 'react';

/** A dialog's open flag and its subject; the subject stays while the dialog animates closed. */
export function useDialog<T>() {
  const [state, setState] = useState<{ open: boolean; subject: T | undefined }>({
    open: false,
    subject: undefined,
  });
  return {
    open: state.open,
    subject: state.subject,
    show: (subject: T) => setState({ open: true, subject }),
    hide: () => setState((current) => ({ ...current, open: false })),
  };
}
