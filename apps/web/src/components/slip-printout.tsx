import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** While mounted, printing the page prints `children` alone, on 80 mm paper. */
const PRINT_CSS = `
.tq-slip-print { position: fixed; top: 0; left: -10000px; pointer-events: none; }
@media print {
  @page { size: 80mm auto; margin: 4mm 4mm 6mm; }
  html, body { background: #fff !important; }
  body > *:not(.tq-slip-print) { display: none !important; }
  .tq-slip-print { position: static; left: auto; }
}
`;

/**
 * A slip to print alone (a booking's, a supplier's PIN): mount it, then call window.print()
 * (flushSync the state that mounts it first).
 */
export function SlipPrintout({ children, testId }: { children: ReactNode; testId: string }) {
  return createPortal(
    <div className="tq-slip-print" aria-hidden="true" data-testid={testId}>
      <style>{PRINT_CSS}</style>
      {children}
    </div>,
    document.body,
  );
}
