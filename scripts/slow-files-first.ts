import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest in `npm test` (most start real server processes or wait on real
 * sockets; scripts/ci-summary.mjs prints each run's slowest), longest first. Vitest starts the
 * files it has timed before longest first; on a fresh clone it has timed none and starts the
 * largest first, which left these to the end of the run with the other worker idle.
 */
const SLOWEST = [
  'apps/server/src/crash.test.ts',
  'apps/server/src/test/fuzz.test.ts',
  'apps/server/src/backup-restore.test.ts',
  'apps/server/src/first-start-process.test.ts',
  'apps/server/src/modules/operations/json-logs.test.ts',
  'apps/server/src/modules/auth/signin-throttle.test.ts',
  'apps/server/src/server-build.test.ts',
  'apps/server/src/main.test.ts',
  'apps/server/src/modules/device-gateway/device-claim.test.ts',
  'apps/server/src/modules/reports/export-cap.test.ts',
];

/** Vitest's own order, but a file it has no timing for starts by this list first. */
export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const key = `${file.project.name}:${file.moduleId.slice(this.ctx.config.root.length + 1)}`;
      if (this.ctx.cache.getFileTestResults(key)) return SLOWEST.length;
      const at = SLOWEST.findIndex((slow) => file.moduleId.endsWith(slow));
      return at === -1 ? SLOWEST.length : at;
    };
    // A stable sort: the rest keep vitest's order.
    return sorted
      .map((file, index) => ({ file, index, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ file }) => file);
  }
}
