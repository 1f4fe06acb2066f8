/**
 * `local/kebab-case-file-name`: source files are named in lowercase words joined by `-`, with
 * dots only before suffixes (`auth.routes.ts`, `api-docs.browser.test.ts`), so names never
 * differ by case alone (macOS and Windows disks would not tell them apart).
 */
import path from 'node:path';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Require kebab-case file names' },
    schema: [],
    messages: {
      name: "File name '{{name}}' is not kebab-case (lowercase words joined by '-', dots before suffixes).",
    },
  },
  create(context) {
    return {
      Program(node) {
        // Code linted from stdin or an editor buffer has no file name to judge.
        if (!path.isAbsolute(context.filename)) return;
        const name = path.basename(context.filename);
        if (!KEBAB.test(name)) {
          context.report({ node, loc: { line: 1, column: 0 }, messageId: 'name', data: { name } });
        }
      },
    };
  },
};
