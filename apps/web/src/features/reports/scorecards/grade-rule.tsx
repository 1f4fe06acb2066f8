import { Alert, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SCORECARD_GRADES,
  SCORECARD_MIN_TRUCKS,
  SCORECARD_THRESHOLDS,
  SCORECARD_WEIGHTS,
  type ScorecardGrade,
} from '@truck-queue/shared/suppliers/scorecard-grade';

/** The grades' colours, best first (SCORECARD_GRADES' order). */
const GRADE_COLOURS = ['green', 'blue', 'orange', 'red'] as const;
const colourOf = (grade: ScorecardGrade) => GRADE_COLOURS[SCORECARD_GRADES.indexOf(grade)];

/** A grade as a coloured tag; "not graded" below the minimum trucks. */
export function GradeTag({ grade }: { grade: ScorecardGrade | null }) {
  const { t } = useTranslation();
  return grade === null ? (
    <Tag>{t('reports.scorecards.notGraded')}</Tag>
  ) : (
    <Tag color={colourOf(grade)} style={{ fontWeight: 600 }}>
      {grade}
    </Tag>
  );
}

/** How the grade is made (shared/suppliers/scorecard-grade.ts), in the reader's language. */
export function GradeRule() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="grade-rule"
      title={t('reports.scorecards.ruleTitle')}
      description={
        <Typography.Text>
          {t('reports.scorecards.rule', {
            late: SCORECARD_WEIGHTS.late,
            noShow: SCORECARD_WEIGHTS.no_show,
            rejected: SCORECARD_WEIGHTS.rejected,
            rechecked: SCORECARD_WEIGHTS.rechecked,
            a: SCORECARD_THRESHOLDS.A,
            b: SCORECARD_THRESHOLDS.B,
            c: SCORECARD_THRESHOLDS.C,
            min: SCORECARD_MIN_TRUCKS,
          })}
        </Typography.Text>
      }
    />
  );
}
