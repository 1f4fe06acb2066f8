/**
 * The repo's own lint rules (eslint.config.js registers them as `local/...`): they keep the
 * layers apart, imports acyclic and file names in one style.
 */
import importBoundaries from './import-boundaries.js';
import kebabCaseFileName from './kebab-case-file-name.js';
import noImportCycle from './no-import-cycle.js';

export default {
  meta: { name: 'local' },
  rules: {
    'import-boundaries': importBoundaries,
    'no-import-cycle': noImportCycle,
    'kebab-case-file-name': kebabCaseFileName,
  },
};
