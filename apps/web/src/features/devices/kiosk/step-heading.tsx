import { theme } from 'antd';

export function StepHeading({ title, hint }: { title: string; hint?: string | undefined }) {
  const { token } = theme.useToken();
  return (
    <div>
      <h1 className="tqk-step-title" style={{ color: token.colorText }}>
        {title}
      </h1>
      {hint && (
        <p className="tqk-step-hint" style={{ color: token.colorTextSecondary }}>
          {hint}
        </p>
      )}
    </div>
  );
}
