import type { ReactNode } from 'react';
import { theme } from 'antd';

/** A step's title (with, beside it, a control that changes how the step works) and its hint. */
export function StepHeading({
  title,
  hint,
  aside,
}: {
  title: string;
  hint?: string | undefined;
  aside?: ReactNode;
}) {
  const { token } = theme.useToken();
  const heading = (
    <h1 className="tqk-step-title" style={{ color: token.colorText }}>
      {title}
    </h1>
  );
  return (
    <div>
      {aside ? (
        <div className="tqk-step-heading">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {hint && (
        <p className="tqk-step-hint" style={{ color: token.colorTextSecondary }}>
          {hint}
        </p>
      )}
    </div>
  );
}
