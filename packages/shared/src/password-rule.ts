import { prehashPassword } from './password.ts';

/**
 * The one password rule (issue 16, item 5), for creating an officer, an admin's reset and an
 * officer's own change: at least PASSWORD_MIN_LENGTH characters, not the officer's e-mail (nor
 * the part before the @), and not one of the commonest passwords; letter case does not matter.
 *
 * The client sends only prehashPassword(password) (password.ts), so the server never sees the
 * length: the web form checks all three; the server checks what a pre-hash allows, by comparing
 * it with the pre-hashes of the common list and of the e-mail (docs/administration.md, "Passwords").
 */
export const PASSWORD_MIN_LENGTH = 8;

/** Why a password is refused: also the API's error codes (the server sends the last two). */
export type PasswordProblem = 'PASSWORD_TOO_SHORT' | 'PASSWORD_IS_EMAIL' | 'PASSWORD_TOO_COMMON';

/**
 * The commonest passwords in the leaked lists, the keyboard runs, and what Thai officers often
 * choose: digit runs and repeats, phone-like numbers, romanised Thai words, Thai words, and common
 * passwords typed with the Thai (Kedmanee) layout still on ("ยฟหหไนพก" is "password"). Short ones
 * are listed too: the server cannot see a password's length, but it can refuse these.
 * Lower case. The demo passwords (demo1234, admin1234; README) are deliberately not listed.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  // Digits: runs, repeats, pairs and patterns.
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '0987654321',
  '987654321',
  '87654321',
  '7654321',
  '654321',
  '4321',
  '000000',
  '0000000',
  '00000000',
  '111111',
  '1111111',
  '11111111',
  '222222',
  '22222222',
  '333333',
  '33333333',
  '444444',
  '44444444',
  '555555',
  '55555555',
  '666666',
  '66666666',
  '777777',
  '77777777',
  '888888',
  '88888888',
  '999999',
  '99999999',
  '112233',
  '11223344',
  '12341234',
  '12121212',
  '121212',
  '123123',
  '123123123',
  '123321',
  '1234554321',
  '147258',
  '147258369',
  '159753',
  '159357',
  '741852963',
  '789456123',
  '789456',
  '246810',
  '13579',
  '2468101214',
  '0812345678',
  '0899999999',
  '25252525',
  '25402540',
  '19191919',
  // Keyboard runs.
  'qwerty',
  'qwertyu',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  'qwer1234',
  '1234qwer',
  'qwe123',
  '123qwe',
  '1q2w3e',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  '1qaz2wsx',
  '1qazxsw2',
  'zaq12wsx',
  'qazwsx',
  'qazwsxedc',
  'asdfgh',
  'asdfghjk',
  'asdfghjkl',
  'asdf1234',
  'zxcvbnm',
  'zxcvbn',
  'zxcvbnm123',
  'qweasdzxc',
  'abc123',
  'abcd1234',
  'abc12345',
  'abcdefg',
  'abcdefgh',
  'aa123456',
  'a123456',
  'a1234567',
  '123456a',
  '1234567a',
  'a1b2c3d4',
  // Words in the leaked lists.
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'pass',
  'pass1234',
  'passpass',
  'admin',
  'admin123',
  'administrator',
  'root',
  'toor',
  'user',
  'user1234',
  'guest',
  'test',
  'test1234',
  'testtest',
  'demo',
  'changeme',
  'default',
  'login',
  'welcome',
  'welcome1',
  'letmein',
  'secret',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'batman',
  'monkey',
  'dragon',
  'master',
  'trustno1',
  'whatever',
  'computer',
  'internet',
  'starwars',
  'michael',
  'shadow',
  'freedom',
  'killer',
  'hello123',
  'helloworld',
  'loveyou',
  'lovelove',
  'football1',
  // Romanised Thai.
  'thailand',
  'thailand1',
  'bangkok',
  'bangkok1',
  'sawasdee',
  'sawadee',
  'sawaddee',
  'khopkhun',
  'rakjung',
  'rakkun',
  'chiangmai',
  'pattaya',
  'phuket',
  // Thai words.
  'รหัสผ่าน',
  'สวัสดี',
  'สวัสดีครับ',
  'สวัสดีค่ะ',
  'ประเทศไทย',
  'ภาษาไทย',
  'รักนะ',
  'ผมรักคุณ',
  'ฉันรักเธอ',
  // Common passwords typed with the Thai keyboard layout on.
  'ยฟหหไนพก', // password
  'ๅ/-ภถุึค', // 12345678
  'ๅ/-ภถุึคตจ', // 1234567890
  'ๆไำพะั', // qwerty
  'ฟหกดเ้', // asdfgh
  'ผปแอิืท', // zxcvbnm
  'ฟกทรื', // admin
];

const COMMON = new Set(COMMON_PASSWORDS);

/** The e-mail, and the part before its @: a password may be neither (letter case aside). */
function emailForms(email: string): string[] {
  const lower = email.trim().toLowerCase();
  const local = lower.split('@')[0] ?? '';
  return [...new Set([lower, local])].filter(Boolean);
}

/** What is wrong with a typed password for the officer with this e-mail, or null when it may be used. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  const lower = password.toLowerCase();
  if (emailForms(email).includes(lower)) return 'PASSWORD_IS_EMAIL';
  if (COMMON.has(lower)) return 'PASSWORD_TOO_COMMON';
  return null;
}

/**
 * The spellings a person types of a word, for comparing pre-hashes: the server cannot lower-case
 * a pre-hash, so it compares with these (all lower, all upper, and with a capital first letter).
 */
function spellings(word: string): string[] {
  const capital = word.charAt(0).toUpperCase() + word.slice(1);
  return [...new Set([word, word.toUpperCase(), capital])];
}

let commonPrehashes: Set<string> | null = null;

/** The pre-hashes of the common list's spellings, worked out once (a few hundred SHA-1s). */
function commonPrehashSet(): Set<string> {
  commonPrehashes ??= new Set(COMMON_PASSWORDS.flatMap(spellings).map(prehashPassword));
  return commonPrehashes;
}

/**
 * What the server can tell is wrong with a pre-hashed password (prehashPassword) for the officer
 * with this e-mail: it is the e-mail or its local part, or a common password, as usually spelled.
 * Its length it cannot see: the form checks that.
 */
export function prehashedPasswordProblem(
  prehash: string,
  email: string,
): Exclude<PasswordProblem, 'PASSWORD_TOO_SHORT'> | null {
  const hash = prehash.toLowerCase();
  if (emailForms(email).flatMap(spellings).map(prehashPassword).includes(hash)) return 'PASSWORD_IS_EMAIL';
  if (commonPrehashSet().has(hash)) return 'PASSWORD_TOO_COMMON';
  return null;
}
