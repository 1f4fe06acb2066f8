/**
 * The repo's own import graph, as the local lint rules see it: which source file an import names
 * (relative paths and `@truck-queue/shared/<path>`; packages from node_modules are not ours) and
 * which files a file imports at run time. Files are parsed with TypeScript's syntax-only parser,
 * once per lint run and again only when their modification time changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** `@truck-queue/shared/<path>` is `packages/shared/src/<path>.ts` (the package's `exports`). */
const SHARED_PREFIX = '@truck-queue/shared/';
const SHARED_SRC = path.resolve(import.meta.dirname, '../../packages/shared/src');

/** Extensions tried, in order, for a specifier written without one. */
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js'];

/**
 * The absolute path of the repo file `specifier` names from `fromFile`, or undefined for a
 * package import. A relative path that names no file still resolves (to the path as written), so
 * a boundary check holds before the target exists.
 * @param {string} fromFile
 * @param {string} specifier
 * @returns {string | undefined}
 */
export function resolveImport(fromFile, specifier) {
  let base;
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    base = path.resolve(path.dirname(fromFile), specifier);
  } else if (specifier.startsWith(SHARED_PREFIX)) {
    base = path.join(SHARED_SRC, specifier.slice(SHARED_PREFIX.length));
  } else {
    return undefined;
  }
  if (isFile(base)) return base;
  for (const ext of EXTENSIONS) {
    if (isFile(base + ext)) return base + ext;
  }
  // Bundler resolution lets `./x.js` name `x.ts`.
  if (base.endsWith('.js')) {
    for (const ext of ['.ts', '.tsx']) {
      const swapped = base.slice(0, -'.js'.length) + ext;
      if (isFile(swapped)) return swapped;
    }
  }
  return base;
}

/** @param {string} file */
function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The specifiers a file's top-level `import ... from` and `export ... from` statements name,
 * without `import type` / `export type`: those vanish at compile time, so they load nothing.
 * (`import { type A } from` is kept: under `verbatimModuleSyntax` it still loads the module.)
 * Dynamic `import()` is left out too: it runs later, so it cannot close a cycle at load time.
 * @param {string} file
 * @param {string} text
 * @returns {string[]}
 */
export function runtimeSpecifiers(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
    } else {
      continue;
    }
    if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
  }
  return specifiers;
}

/** @param {string} file */
function scriptKind(file) {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.ts')) return ts.ScriptKind.TS;
  return ts.ScriptKind.JS;
}

/** file -> its modification time and the repo files it imports at run time. */
const cache = new Map();

/**
 * A view of the graph for one check: each file is stat-ed at most once in it, and parsed only
 * when it is new or has changed since the cached parse (an editor's lint server lives on).
 */
export class GraphView {
  /** @type {Map<string, string[]>} */
  #seen = new Map();

  /**
   * The repo files `file` imports at run time (empty when it cannot be read).
   * @param {string} file
   * @returns {string[]}
   */
  importsOf(file) {
    let imports = this.#seen.get(file);
    if (imports) return imports;
    imports = readImports(file);
    this.#seen.set(file, imports);
    return imports;
  }

  /**
   * Gives `file` these imports for this view (the file being linted, as the editor holds it).
   * @param {string} file
   * @param {string[]} imports
   */
  set(file, imports) {
    this.#seen.set(file, imports);
  }
}

/** @param {string} file */
function readImports(file) {
  let mtimeMs, text;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.imports;
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return []; // gone, or a folder: nothing to follow
  }
  const imports = runtimeImports(file, text);
  cache.set(file, { mtimeMs, imports });
  return imports;
}

/**
 * The repo files `file` (with this text) imports at run time.
 * @param {string} file
 * @param {string} text
 * @returns {string[]}
 */
export function runtimeImports(file, text) {
  const imports = [];
  for (const specifier of runtimeSpecifiers(file, text)) {
    const target = resolveImport(file, specifier);
    if (target && isFile(target)) imports.push(target);
  }
  return imports;
}
