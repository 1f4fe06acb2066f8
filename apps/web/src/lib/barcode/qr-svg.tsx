/** @jsxRuntime automatic */
import { useMemo } from 'react';
import { qrSymbol } from '@truck-queue/shared/barcode/qr';

/** A QR code as crisp SVG, black on white whatever the theme, so a scanner or a camera reads it. */
export function QrSvg({ text, label, className }: { text: string; label: string; className?: string }) {
  const qr = useMemo(() => qrSymbol(text), [text]);
  return (
    <svg
      className={className}
      data-testid="ticket-qr"
      data-url={text}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

export default QrSvg;
