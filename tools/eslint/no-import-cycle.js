/**
 * `local/no-import-cycle`: an import whose target leads back, import by import, to the file
 * itself. A cycle makes load order decide which side sees the other's exports still undefined,
 * and it glues layers together. Type-only imports and dynamic `import()` do not count (see
 * import-graph.js).
 */
import path from 'node:path';
import { GraphView, resolveImport } from './import-graph.js';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow imports that close an import cycle' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}.' },
  },
  create(context) {
    const file = context.filename;
    /** @type {{ node: import('estree').Node, target: string }[]} */
    const edges = [];

    /** @param {any} node an import or export declaration with a source */
    function collect(node) {
      if (node.importKind === 'type' || node.exportKind === 'type' || !node.source) return;
      const target = resolveImport(file, String(node.source.value));
      if (target) edges.push({ node, target });
    }

    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      'Program:exit'() {
        if (edges.length === 0) return;
        const view = new GraphView();
        view.set(
          file,
          edges.map((edge) => edge.target),
        );
        if (!reaches(view, file)) return;
        for (const { node, target } of edges) {
          const back = pathTo(view, target, file);
          if (!back) continue;
          const cycle = [file, ...back].map((f) => path.relative(context.cwd, f)).join(' → ');
          context.report({ node, messageId: 'cycle', data: { cycle } });
        }
      },
    };
  },
};

/**
 * Whether `file` can reach itself: one walk before the per-import searches, so a file in no
 * cycle (nearly all of them) costs one pass over what it imports.
 * @param {GraphView} view
 * @param {string} file
 */
function reaches(view, file) {
  const seen = new Set();
  const stack = [...view.importsOf(file)];
  while (stack.length > 0) {
    const current = /** @type {string} */ (stack.pop());
    if (current === file) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    stack.push(...view.importsOf(current));
  }
  return false;
}

/**
 * The shortest import path from `from` to `to` (both included), breadth first, or undefined.
 * @param {GraphView} view
 * @param {string} from
 * @param {string} to
 * @returns {string[] | undefined}
 */
function pathTo(view, from, to) {
  /** @type {Map<string, string | null>} each reached file -> the file that imported it */
  const parent = new Map([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const current = /** @type {string} */ (queue[i]);
    if (current === to) {
      const found = [];
      for (let at = /** @type {string | null} */ (current); at !== null; at = parent.get(at) ?? null) {
        found.unshift(at);
      }
      return found;
    }
    for (const next of view.importsOf(current)) {
      if (!parent.has(next)) {
        parent.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}
