import { Flex, theme, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../lib/durations.ts';
import { hoursFrom, shadeOf, type HeatRow } from './time-series.ts';

/** Shades of the scale, light to strong (antd's orange 1..6, which the dark algorithm turns for dark mode). */
const STEPS = 6;
const CELL = 22;

/** "07" for 07:00–07:59. */
export const hourLabel = (hour: number) => String(hour).padStart(2, '0');

/**
 * A day-by-hour map of one figure (minutes): a row per plant day, a cell per hour of the clock
 * from the plant day's first hour, its shade the value against the period's largest. Plain divs:
 * it scrolls sideways inside its card on a phone.
 */
export function HeatMap({
  rows,
  max,
  firstHour,
  dayLabel,
  name,
}: {
  rows: HeatRow[];
  max: number;
  firstHour: number;
  dayLabel: (day: string) => string;
  name: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const hours = hoursFrom(firstHour);
  const shades = [token.orange1, token.orange2, token.orange3, token.orange4, token.orange5, token.orange6];
  const shade = (step: number) => (step === 0 ? token.colorFillQuaternary : shades[step - 1]);
  const minutes = (n: number) => formatDuration(t, n * 60, 'floor', { style: 'short' });
  const labelWidth = 92;

  return (
    <div style={{ overflowX: 'auto' }} role="figure" aria-label={name} data-testid="time-heat-map">
      <div
        style={{ minWidth: labelWidth + hours.length * (CELL + 2), maxWidth: labelWidth + hours.length * 52 }}
      >
        <Flex gap={2} style={{ marginBottom: 2 }}>
          <div style={{ width: labelWidth, flex: 'none' }} />
          {hours.map((hour) => (
            <div
              key={hour}
              style={{
                flex: `1 1 ${CELL}px`,
                minWidth: CELL,
                textAlign: 'center',
                fontSize: token.fontSizeSM,
              }}
            >
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {hourLabel(hour)}
              </Typography.Text>
            </div>
          ))}
        </Flex>
        {rows.map((row) => (
          <Flex key={row.day} gap={2} style={{ marginBottom: 2 }} align="center">
            <div
              style={{ width: labelWidth, flex: 'none', fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}
            >
              {dayLabel(row.day)}
            </div>
            {hours.map((hour) => {
              const value = row.minutes[hour] ?? null;
              const cell = (
                <div
                  data-value={value === null ? '' : Math.round(value)}
                  style={{
                    height: CELL,
                    borderRadius: 3,
                    background: shade(shadeOf(value, max, STEPS)),
                  }}
                />
              );
              const slot = { flex: `1 1 ${CELL}px`, minWidth: CELL };
              return value === null ? (
                <div key={hour} style={slot}>
                  {cell}
                </div>
              ) : (
                <Tooltip
                  key={hour}
                  title={t('reports.timeBreakdown.heatCell', {
                    day: dayLabel(row.day),
                    hour: `${hourLabel(hour)}:00`,
                    value: minutes(value),
                  })}
                >
                  <div style={slot}>{cell}</div>
                </Tooltip>
              );
            })}
          </Flex>
        ))}
        <Flex gap={6} align="center" style={{ marginTop: 8 }} wrap>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('reports.timeBreakdown.scaleLow')}
          </Typography.Text>
          {Array.from({ length: STEPS }, (_, i) => (
            <div key={i} style={{ width: 16, height: 12, borderRadius: 2, background: shade(i + 1) }} />
          ))}
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('reports.timeBreakdown.scaleHigh', { value: minutes(max) })}
          </Typography.Text>
        </Flex>
      </div>
    </div>
  );
}
