import { theme } from 'antd';

export interface TooltipItem {
  color: string;
  label: string;
  value: string;
}

/** The box a chart's tooltip shows, in the antd theme's colours. */
export function TooltipBox({ title, items }: { title: string; items: TooltipItem[] }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        background: token.colorBgElevated,
        color: token.colorText,
        boxShadow: token.boxShadowSecondary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        fontSize: token.fontSizeSM,
        maxWidth: 320,
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: items.length ? 4 : 0 }}>{title}</div>
      {items.map((item) => (
        <div key={item.label} style={{ display: 'flex', alignItems: 'center', gap: 8, lineHeight: 1.7 }}>
          <span
            aria-hidden
            style={{ width: 10, height: 10, borderRadius: 2, background: item.color, flex: 'none' }}
          />
          <span style={{ flex: 1, color: token.colorTextSecondary }}>{item.label}</span>
          <span style={{ fontWeight: 600, marginInlineStart: 12, whiteSpace: 'nowrap' }}>{item.value}</span>
        </div>
      ))}
    </div>
  );
}

/** The legend of a chart's series, above the chart: wraps on a narrow screen. */
export function SeriesLegend({ items }: { items: { color: string; label: string }[] }) {
  const { token } = theme.useToken();
  return (
    <ul
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: `4px ${token.marginMD}px`,
        listStyle: 'none',
        margin: `0 0 ${token.marginSM}px`,
        padding: 0,
        fontSize: token.fontSizeSM,
        color: token.colorTextSecondary,
      }}
    >
      {items.map((item) => (
        <li key={item.label} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span
            aria-hidden
            style={{ width: 10, height: 10, borderRadius: 2, background: item.color, flex: 'none' }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
