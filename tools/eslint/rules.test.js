/**
 * The local lint rules on small files in a scratch folder: each catches its violation and lets
 * clean code pass. The rules read imported files from disk, so the cases are real files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveImport } from './import-graph.js';
import importBoundaries from './import-boundaries.js';
import kebabCaseFileName from './kebab-case-file-name.js';
import noImportCycle from './no-import-cycle.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-rules-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Writes `files` (path -> text) under the scratch folder and answers the absolute path of `name`. */
function write(files) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return (name) => path.join(root, name);
}

const at = write({
  // A cycle a -> b -> c -> a, and type-only or lazy ways back that are no cycle.
  'cycle/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
  'cycle/b.ts': "import { c } from './c.ts';\nexport const b = c;\n",
  'cycle/c.ts': "import { a } from './a.ts';\nexport const c = 1;\nexport const d = a;\n",
  'acyclic/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
  'acyclic/b.ts':
    "import type { A } from './a.ts';\nexport const b = 1;\nexport const lazy = () => import('./a.ts');\nexport type { A };\n",
  'web/src/app/router.ts': 'export const router = 1;\n',
  'web/src/lib/config.ts': 'export const config = 1;\n',
  'web/src/features/admin/users/page.ts': '',
});

/** The files of a cycle under cycle/, as the rule's message names them. */
const cycle = (...names) =>
  names.map((name) => path.relative(process.cwd(), at(`cycle/${name}`))).join(' → ');

describe('resolveImport', () => {
  it('resolves relative paths and the shared package to files', () => {
    expect(resolveImport(at('cycle/a.ts'), './b.ts')).toBe(at('cycle/b.ts'));
    expect(resolveImport(at('cycle/a.ts'), './b')).toBe(at('cycle/b.ts'));
    expect(resolveImport(at('cycle/a.ts'), '@truck-queue/shared/roles')).toBe(
      path.resolve(import.meta.dirname, '../../packages/shared/src/roles.ts'),
    );
    expect(resolveImport(at('cycle/a.ts'), 'zod')).toBeUndefined();
  });
});

tester.run('no-import-cycle', noImportCycle, {
  valid: [
    { filename: at('acyclic/a.ts'), code: fs.readFileSync(at('acyclic/a.ts'), 'utf8') },
    { filename: at('acyclic/b.ts'), code: fs.readFileSync(at('acyclic/b.ts'), 'utf8') },
    // The linted text is what counts: with its import made type-only, c no longer closes the cycle.
    { filename: at('cycle/c.ts'), code: "import type { a } from './a.ts';\nexport const c = 1;\n" },
  ],
  invalid: [
    {
      filename: at('cycle/a.ts'),
      code: fs.readFileSync(at('cycle/a.ts'), 'utf8'),
      // The message names the cycle's files in order (relative to the working directory).
      errors: [{ message: `Import cycle: ${cycle('a.ts', 'b.ts', 'c.ts', 'a.ts')}.`, line: 1 }],
    },
    {
      filename: at('cycle/c.ts'),
      code: "import { a } from './a.ts';\nexport * from './a.ts';\nexport const c = a;\n",
      errors: [
        { messageId: 'cycle', line: 1 },
        { messageId: 'cycle', line: 2 },
      ],
    },
  ],
});

const featuresBound = { disallow: [at('web/src/app')], why: 'app/ loads the features' };

tester.run('import-boundaries', importBoundaries, {
  valid: [
    {
      filename: at('web/src/features/admin/users/page.ts'),
      code: "import { config } from '../../../lib/config.ts';\nimport { z } from 'zod';\n",
      options: [featuresBound],
    },
    // A folder that merely shares the name is another place.
    {
      filename: at('web/src/features/admin/users/page.ts'),
      code: "import { x } from './app/router.ts';\n",
      options: [featuresBound],
    },
  ],
  invalid: [
    {
      filename: at('web/src/features/admin/users/page.ts'),
      code: [
        "import { router } from '../../../app/router.ts';",
        "import type { Router } from '../../../app/router.ts';",
        "export * from '../../../app/router.ts';",
        "const lazy = () => import('../../../app/missing.ts');",
      ].join('\n'),
      options: [featuresBound],
      errors: [1, 2, 3, 4].map((line) => ({ messageId: 'boundary', line })),
    },
  ],
});

tester.run('kebab-case-file-name', kebabCaseFileName, {
  valid: [
    { filename: at('web/src/lib/api-docs.browser.test.ts'), code: '' },
    { filename: at('web/src/lib/auth.routes.ts'), code: '' },
    { filename: at('web/vite-env.d.ts'), code: '' },
  ],
  invalid: [
    { filename: at('web/src/lib/apiClient.ts'), code: '', errors: [{ messageId: 'name' }] },
    { filename: at('web/src/lib/Brand.tsx'), code: '', errors: [{ messageId: 'name' }] },
    { filename: at('web/src/lib/site_time.ts'), code: '', errors: [{ messageId: 'name' }] },
    { filename: at('web/src/lib/double--dash.ts'), code: '', errors: [{ messageId: 'name' }] },
  ],
});
