import type { ReactNode } from 'react';
import { theme } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';

/** One big touch target of a choice step: a badge, a name and an optional note under it. */
export function ChoiceButton({
  badge,
  name,
  note,
  selected = false,
  disabled = false,
  onChoose,
  testId,
}: {
  badge: ReactNode;
  name: string;
  note?: ReactNode;
  selected?: boolean;
  disabled?: boolean;
  onChoose: () => void;
  testId?: string;
}) {
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      className="tqk-choice"
      disabled={disabled}
      onClick={onChoose}
      data-testid={testId}
      aria-pressed={selected}
      style={{
        background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
        color: disabled ? token.colorTextDisabled : token.colorText,
        borderColor: selected
          ? token.colorPrimary
          : disabled
            ? token.colorBorderSecondary
            : token.colorBorder,
        boxShadow: disabled ? 'none' : token.boxShadowTertiary,
      }}
    >
      <span
        className="tqk-choice-badge"
        aria-hidden="true"
        style={{
          background: disabled ? token.colorFillSecondary : token.colorPrimary,
          color: disabled ? token.colorTextDisabled : token.colorTextLightSolid,
        }}
      >
        {badge}
      </span>
      <span className="tqk-choice-text">
        <span className="tqk-choice-name">{name}</span>
        {note && (
          <span className="tqk-choice-note" style={{ color: token.colorTextSecondary }}>
            {disabled && <InfoCircleOutlined style={{ color: token.colorWarning, marginInlineEnd: 8 }} />}
            {note}
          </span>
        )}
      </span>
    </button>
  );
}
