import {
  BranchSchema,
  OfficerSchema,
  type Branch,
  type Officer,
} from '@truck-queue/shared/contracts/auth.contract';

/** Storage keys kept from the original product (SPEC.md section 3), plus the current branch. */
export const STORAGE_KEYS = {
  session: 'session',
  authUser: 'authUser',
  language: 'I18N_LANGUAGE',
  branch: 'branch',
  /** The branch this PC last signed in to (its id), kept after sign-out: the sign-in page's settings. */
  pcBranch: 'pcBranch',
  /** That branch's language, so the next page load starts in it before the server answers. */
  branchLanguage: 'branchLanguage',
} as const;

const SIGN_IN_KEYS = [STORAGE_KEYS.session, STORAGE_KEYS.authUser, STORAGE_KEYS.branch] as const;

/** Storage can be missing or throw (private mode, disabled cookies): treat that as empty. */
function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(store: Storage | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(store: Storage | undefined, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

function remove(store: Storage | undefined, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
}

/** The storage that holds the current sign-in: sessionStorage when "remember me" was off. */
function signInStorage(): Storage | undefined {
  const tab = storage('session');
  return read(tab, STORAGE_KEYS.session) ? tab : storage('local');
}

function readJson<T>(key: string, parse: (value: unknown) => T | undefined): T | null {
  const raw = read(signInStorage(), key);
  if (!raw) return null;
  try {
    return parse(JSON.parse(raw)) ?? null;
  } catch {
    return null;
  }
}

export interface SignIn {
  session: string;
  officer: Officer;
  branch: Branch;
}

/** Remember me: localStorage (survives the browser); otherwise sessionStorage (this tab only). */
export function saveSignIn(signIn: SignIn, remember: boolean): void {
  clearSession();
  const store = storage(remember ? 'local' : 'session');
  write(store, STORAGE_KEYS.session, signIn.session);
  write(store, STORAGE_KEYS.authUser, JSON.stringify(signIn.officer));
  write(store, STORAGE_KEYS.branch, JSON.stringify(signIn.branch));
}

export function readSession(): string | null {
  return read(signInStorage(), STORAGE_KEYS.session);
}

export function readAuthUser(): Officer | null {
  return readJson(STORAGE_KEYS.authUser, (value) => OfficerSchema.safeParse(value).data);
}

export function readBranch(): Branch | null {
  return readJson(STORAGE_KEYS.branch, (value) => BranchSchema.safeParse(value).data);
}

/** After a branch switch: keep the stored officer and branch in step with the server. */
export function saveBranch(branch: Branch): void {
  const store = signInStorage();
  write(store, STORAGE_KEYS.branch, JSON.stringify(branch));
  const officer = readAuthUser();
  if (officer) write(store, STORAGE_KEYS.authUser, JSON.stringify({ ...officer, branch }));
}

export function clearSession(): void {
  for (const store of [storage('local'), storage('session')]) {
    for (const key of SIGN_IN_KEYS) remove(store, key);
  }
}

export function readLanguageSetting(): string | null {
  return read(storage('local'), STORAGE_KEYS.language);
}

export function saveLanguageSetting(language: string): void {
  write(storage('local'), STORAGE_KEYS.language, language);
}

/** The branch this PC last signed in to, for the sign-in page's settings (issue 36). */
export function readPcBranch(): number | undefined {
  const id = Number(read(storage('local'), STORAGE_KEYS.pcBranch));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function savePcBranch(id: number): void {
  write(storage('local'), STORAGE_KEYS.pcBranch, String(id));
}

/** The language of the branch this PC works for, as last learnt (not a choice of the officer's). */
export function readBranchLanguage(): string | null {
  return read(storage('local'), STORAGE_KEYS.branchLanguage);
}

export function saveBranchLanguage(language: string): void {
  write(storage('local'), STORAGE_KEYS.branchLanguage, language);
}
