import { useLayoutEffect, useRef, useState } from 'react';
import { HEADER_HEIGHT } from '../app/shell/side-menu.tsx';
import { useLayoutSettings } from './layout-settings-context.tsx';

/** The least height the rows get, on a short window: about five rows. */
const MIN_BODY_HEIGHT = 240;
/** Room left under the table (its card's padding), so the pager does not touch the window's edge. */
const GAP_BELOW = 24;

export interface FittedTable {
  /** On the element around the table and whatever sits under it (a pager): what is measured. */
  ref: React.RefObject<HTMLDivElement | null>;
  scroll: { x: 'max-content'; y: number };
  sticky: { offsetHeader: number };
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
  const ref = useRef<HTMLDivElement>(null);
  const { settings } = useLayoutSettings();
  // The top bar stays on screen except in the "scrollable" layout.
  const top = settings.width === 'scrollable' ? 0 : HEADER_HEIGHT;
  const [y, setY] = useState(() => Math.max(MIN_BODY_HEIGHT, window.innerHeight - top - 200));

  useLayoutEffect(() => {
    const wrapper = ref.current;
    if (!wrapper) return;
    const measure = () => {
      const body = wrapper.querySelector<HTMLElement>('.ant-table-body');
      if (!body) return;
      // The header, the pager and anything else around the rows: the same whatever `y` is.
      const around = wrapper.offsetHeight - body.offsetHeight;
      setY(Math.max(MIN_BODY_HEIGHT, Math.floor(window.innerHeight - top - around - GAP_BELOW)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(wrapper);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [top]);

  return { ref, scroll: { x: 'max-content', y }, sticky: { offsetHeader: top } };
}
