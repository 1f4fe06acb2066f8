import { DEFAULT_CALENDAR } from '@truck-queue/shared/calendar';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { tokenHash } from '../../lib/tokens.ts';
import type { Clock } from '../../lib/clock.ts';
import { createReportsRepository } from './reports.repository.ts';
import type { WorkbookOptions } from './report-workbooks.ts';

/** How long an export can be downloaded after it was made. */
export const EXPORT_TTL_MS = 10 * 60_000;

/**
 * Made reports waiting for their download: by the session that asked, for a few minutes. The
 * site's time zone and the installation's company name (for a branch that has none) go into
 * each file's title block.
 */
export function createReportExports(db: Db, clock: Clock, site: { timeZone: string; companyName: string }) {
  const repo = createReportsRepository(db);
  return {
    /**
     * Who the file is for and when it is made: the officer's branch and company, the site's
     * clock. Dates are written in the branch's calendar (BE unless it chose CE).
     */
    async workbookOptions(auth: AuthContext): Promise<WorkbookOptions> {
      const branch = await repo.branchNames(auth.branchId);
      return {
        branchName: branch?.name ?? '',
        companyName: branch?.companyName || site.companyName,
        timeZone: site.timeZone,
        madeAt: clock.now(),
        calendar: branch?.calendar ?? DEFAULT_CALENDAR,
      };
    },

    /**
     * Keeps the file and answers the token of its download address. Expired files go first, and
     * so does this session's previous export: a session keeps one file, so repeated exports of a
     * large period cannot pile up in the database (the page downloads each file as it is made).
     */
    async save(auth: AuthContext, fileName: string, content: Buffer): Promise<string> {
      const now = clock.now();
      await repo.deleteExports(auth.sessionId, now);
      const token = randomBytes(24).toString('base64url');
      await repo.insertExport({
        tokenHash: tokenHash(token),
        sessionId: auth.sessionId,
        fileName,
        content,
        created: now,
        expires: new Date(now.getTime() + EXPORT_TTL_MS),
      });
      return token;
    },

    /** The file, if the token is this session's and has not expired. */
    find: (auth: AuthContext, token: string) =>
      repo.findExport(tokenHash(token), auth.sessionId, clock.now()),
  };
}

export type ReportExports = ReturnType<typeof createReportExports>;
