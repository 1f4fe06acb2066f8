/** @jsxRuntime automatic */
import { useMemo } from 'react';
import { code128Path } from '@truck-queue/shared/barcode/code128';

/** Bar height in modules: about a quarter of a ticket code's width, tall enough for a hand scanner. */
const HEIGHT = 32;

/**
 * A Code 128 barcode as crisp SVG, black on white whatever the theme. `moduleSize` (a CSS length)
 * fixes the width of the narrowest bar, e.g. 0.5mm on paper; without it the barcode takes the
 * width its container gives it.
 */
export function Code128Svg({
  text,
  label,
  className,
  moduleSize,
}: {
  text: string;
  label: string;
  className?: string;
  moduleSize?: string;
}) {
  const { path, width } = useMemo(() => code128Path(text, HEIGHT), [text]);
  return (
    <svg
      className={className}
      data-testid="ticket-barcode"
      data-code={text}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
      style={moduleSize ? { width: `calc(${width} * ${moduleSize})`, maxWidth: '100%' } : undefined}
    >
      <rect width={width} height={HEIGHT} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
