import { useCallback, useLayoutEffect, useRef } from 'react';
import type { InputRef } from 'antd';
import { applyKey, type KeypadKey } from './keypad.ts';

/** A text the kiosk keypad may type into: its value, its limit and how to change it. */
export interface KeypadField {
  id: string;
  value: string;
  /** Characters as a person sees them. */
  max: number;
  set: (value: string) => void;
}

interface Selection {
  id: string;
  start: number;
  end: number;
}

/** How an input lets the keypad follow it: its element, and its caret as it moves. */
export interface KeypadInputs {
  /** The input's ref callback: `ref={(input) => register(id, input)}`. */
  register: (id: string, input: InputRef | null) => void;
  /** From the input's onSelect, and from its onChange before the value changes. */
  remember: (id: string, element: HTMLInputElement) => void;
}

/**
 * Types the keypad's keys into the active field at its caret (or over its selection), and puts
 * the caret after what was typed. Each input the keypad may type into registers itself and
 * reports its selection (KeypadInputs); a field never touched takes keys at its end.
 */
export function useKeypadTarget(active: KeypadField): KeypadInputs & { press: (key: KeypadKey) => void } {
  const selection = useRef<Selection | null>(null);
  const elements = useRef(new Map<string, HTMLInputElement>());
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const element = elements.current.get(active.id);
    if (caret === null || !element) return;
    pendingCaret.current = null;
    if (document.activeElement === element) element.setSelectionRange(caret, caret);
  });

  const register = useCallback((id: string, input: InputRef | null) => {
    const element = input?.input;
    if (element) elements.current.set(id, element);
    else elements.current.delete(id);
  }, []);

  const remember = useCallback((id: string, element: HTMLInputElement) => {
    selection.current = {
      id,
      start: element.selectionStart ?? element.value.length,
      end: element.selectionEnd ?? element.value.length,
    };
  }, []);

  const press = (key: KeypadKey) => {
    const known = selection.current?.id === active.id ? selection.current : null;
    const end = active.value.length;
    const next = applyKey(
      { value: active.value, start: known?.start ?? end, end: known?.end ?? end },
      key,
      active.max,
    );
    selection.current = { id: active.id, start: next.start, end: next.end };
    pendingCaret.current = next.start;
    active.set(next.value);
  };

  return { press, register, remember };
}
