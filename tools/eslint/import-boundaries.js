/**
 * `local/import-boundaries`: a layer does not import the folders above it. Each import is
 * resolved against the importing file, so `../../app/x.ts` is caught from any depth and a
 * folder merely named like a layer elsewhere is not. Type imports count: a layer that names an
 * upper layer's types still depends on it.
 *
 * Options: `{ disallow: string[], why: string }`; `disallow` holds folders or files, absolute
 * or relative to ESLint's working directory.
 */
import path from 'node:path';
import { resolveImport } from './import-graph.js';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow imports from the layers above this one' },
    schema: [
      {
        type: 'object',
        properties: {
          disallow: { type: 'array', items: { type: 'string' }, minItems: 1 },
          why: { type: 'string' },
        },
        required: ['disallow', 'why'],
        additionalProperties: false,
      },
    ],
    messages: { boundary: '{{target}} is out of bounds here: {{why}}.' },
  },
  create(context) {
    const { disallow, why } = /** @type {{ disallow: string[], why: string }} */ (context.options[0]);
    const forbidden = disallow.map((entry) => path.resolve(context.cwd, entry));

    /** @param {any} node an import, export or `import()` */
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(context.filename, source.value);
      if (!target) return;
      if (forbidden.some((entry) => target === entry || target.startsWith(entry + path.sep))) {
        context.report({
          node: source,
          messageId: 'boundary',
          data: { target: path.relative(context.cwd, target), why },
        });
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
