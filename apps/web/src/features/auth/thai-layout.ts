/**
 * Whether typed text holds Thai letters: a password typed with the keyboard still in the Thai
 * layout (Kedmanee) comes out as Thai characters, the way Caps Lock makes capitals. The sign-in
 * form warns at once instead of after a refused attempt (issue 36).
 */
export function typedInThai(text: string): boolean {
  return /[\u0E00-\u0E7F]/u.test(text);
}
