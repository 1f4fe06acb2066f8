/**
 * A keyboard-wedge scanner types what it reads as key presses of a US keyboard. On a plant PC
 * switched to the Thai layout (Kedmanee, Windows' and macOS's default), those keys give Thai
 * characters: a ticket code or the driver's page address arrives as Thai letters and marks.
 * No ticket code, queue number or address holds a Thai character, so text that does was typed
 * in the Thai layout, and each character is put back to the key that made it.
 */

/** The US keyboard's characters, unshifted then shifted, key by key. */
const US =
  "`1234567890-=qwertyuiop[]\\asdfghjkl;'zxcvbnm,./" + '~!@#$%^&*()_+QWERTYUIOP{}|ASDFGHJKL:"ZXCVBNM<>?';
/** What the same keys give in the Thai Kedmanee layout, in the same order. */
const THAI = '_ๅ/-ภถุึคตจขชๆไำพะัีรนยบลฃฟหกดเ้่าสวงผปแอิืทมใฝ' + '%+๑๒๓๔ู฿๕๖๗๘๙๐"ฎฑธํ๊ณฯญฐ,ฅฤฆฏโฌ็๋ษศซ.()ฉฮฺ์?ฒฬฦ';

const THAI_TO_US = new Map<string, string>([...THAI].map((char, index) => [char, US[index]!]));
const THAI_SCRIPT = /[\u0E00-\u0E7F]/;

/** Whether the text holds a Thai character: then it was typed in the Thai layout. */
export function hasThai(text: string): boolean {
  return THAI_SCRIPT.test(text);
}

/**
 * Every character put back to the US key that types it in the Thai layout, Thai or not ('-' is
 * the key 3): for text known to come from a Thai-layout keyboard, even a part without Thai.
 */
export function fromThaiKeys(text: string): string {
  return [...text].map((char) => THAI_TO_US.get(char) ?? char).join('');
}

/** The text as a US keyboard would have typed it, when it was typed in the Thai layout; else as it is. */
export function fromThaiLayout(text: string): string {
  return hasThai(text) ? fromThaiKeys(text) : text;
}

/** What a wedge scanner types into a Thai-layout PC for this text (the keys of a US keyboard). */
export function toThaiLayout(text: string): string {
  return [...text].map((char) => THAI[US.indexOf(char)] ?? char).join('');
}
