import { Flex, Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LabResult } from '@truck-queue/shared/contracts/lab.contract';

/** A value as the lab wrote it, with its name and unit: "แป้ง 24.5 %". */
export function labReading(v: Pick<LabResult, 'name' | 'value' | 'decimals' | 'unit'>): string {
  return `${v.name} ${v.value.toFixed(v.decimals)}${v.unit ? ` ${v.unit}` : ''}`;
}

/** The values outside their pass range, with the range: "แป้ง 16.5 % (เกณฑ์ ≥ 18.0)". */
export function failedLabText(t: TFunction, values: readonly LabResult[]): string {
  return values
    .filter((v) => !v.passed)
    .map((v) =>
      v.pass_range
        ? t('labValues.failedWithRange', { reading: labReading(v), range: v.pass_range })
        : labReading(v),
    )
    .join(', ');
}

/**
 * A truck's lab values as tags, green within their pass range and red outside (plain when the
 * measurement has no pass range: not "passed"), each with its range on hover: on the lab's list,
 * the calling dialog and the in/out report.
 */
export function LabValueTags({ values }: { values: readonly LabResult[] }) {
  const { t } = useTranslation();
  if (values.length === 0) return <>-</>;
  return (
    <Flex gap={4} wrap data-testid="lab-values">
      {values.map((v) => {
        // A value with no pass range is a reading, neither passed nor failed.
        const judged = v.pass_range !== null;
        const verdict = !judged ? 'labValues.noRange' : v.passed ? 'labValues.passed' : 'labValues.failed';
        return (
          <Tooltip
            key={v.measure_id}
            title={judged ? t('labValues.range', { range: v.pass_range }) : t('labValues.noRange')}
          >
            <Tag
              color={!judged ? 'default' : v.passed ? 'success' : 'error'}
              icon={
                !judged ? undefined : v.passed ? (
                  <CheckCircleOutlined aria-hidden />
                ) : (
                  <CloseCircleOutlined aria-hidden />
                )
              }
              style={{ marginInlineEnd: 0 }}
              data-passed={v.passed}
              aria-label={`${labReading(v)} · ${t(verdict)}`}
            >
              {labReading(v)}
            </Tag>
          </Tooltip>
        );
      })}
    </Flex>
  );
}
