import { useLayoutEffect, useMemo, useState } from 'react';

/** The least height the rows get, on a short window: about five rows. */
const MIN_BODY_HEIGHT = 240;
/** Room left under the table (its card's padding), so the pager does not touch the window's edge. */
const GAP_BELOW = 24;

export interface FittedTable {
  /** On the element around the table and whatever sits under it (a pager): what is measured. */
  attach: (element: HTMLDivElement | null) => void;
  scroll: { x: 'max-content'; y: number };
  sticky: { offsetHeader: number };
}

/** The height of the shell's top bar while it stays on screen (position sticky), else 0. */
function stickyTopBarHeight(): number {
  const bar = document.querySelector<HTMLElement>('.ant-layout-header');
  return bar && getComputedStyle(bar).position === 'sticky' ? bar.offsetHeight : 0;
}

/**
 * antd's `sticky` for a table under the shell's top bar: its header stays just under the bar
 * as the page scrolls, and its sideways scrollbar (when it has one) at the window's foot.
 */
export function useStickyTable(): { offsetHeader: number } {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setTop(stickyTopBarHeight());
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return useMemo(() => ({ offsetHeader: top }), [top]);
}

/**
 * A wide table that stays usable on an office screen (1366x768 and up): columns as wide as
 * their content (`x: 'max-content'`, so a date is never cut), and rows that scroll inside a
 * body as tall as the window leaves under the top bar, the table's header and its pager. Once
 * the page is scrolled to the table, its header, rows, horizontal scrollbar and pager are all
 * in view; before that, the header sticks under the top bar and antd's sticky scrollbar stays
 * at the window's bottom edge, so a column off to the side is always one drag away.
 */
export function useFittedTable(): FittedTable {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const sticky = useStickyTable();
  const top = sticky.offsetHeader;
  const [y, setY] = useState(() => Math.max(MIN_BODY_HEIGHT, window.innerHeight - 260));

  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const body = element.querySelector<HTMLElement>('.ant-table-body');
      if (!body) return;
      // The header, the pager and anything else around the rows: the same whatever `y` is.
      const around = element.offsetHeight - body.offsetHeight;
      // As the page first shows, from where the table starts (the filters above it), when that
      // is further down than the top bar: its sideways scrollbar is in the window at once
      // (antd shows no sticky scrollbar for a table whose rows scroll inside it).
      const start = Math.max(top, element.getBoundingClientRect().top + window.scrollY);
      setY(Math.max(MIN_BODY_HEIGHT, Math.floor(window.innerHeight - start - around - GAP_BELOW)));
    };
    measure();
    // The table itself, and the page: an alert that shows above the table once its data
    // comes (a display offline) moves the table down without resizing it.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element, top]);

  return { attach: setElement, scroll: { x: 'max-content', y }, sticky };
}
