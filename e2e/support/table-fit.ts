/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';

/** What an officer can reach of a wide antd table in the window as it is. */
export interface TableReach {
  /**
   * Every column header: seen whole and uncovered in the window at first, and seen so at
   * some point while the table is scrolled sideways (equal to `atFirst` when it needs no scroll).
   */
  columns: { title: string; atFirst: boolean; reached: boolean }[];
  /**
   * The sideways scrollbar in the window: none needed, the table's own at its foot, antd's
   * sticky one at the window's bottom edge, or 'missing' (the table is wider than its box and
   * no scrollbar is in view).
   */
  scrollbar: 'none' | 'native' | 'sticky' | 'missing';
  /** Dragging that scrollbar with the mouse moved the table sideways. */
  dragged: boolean;
  /** Cells holding a date (dd/mm/yyyy) whose text does not fit inside the cell. */
  cutTimes: string[];
}

/** Which headers of the table are seen whole: inside the window, and not under a pinned column. */
function headersSeen(table: Locator): Promise<{ title: string; seen: boolean }[]> {
  return table.evaluate((wrapper) =>
    [...wrapper.querySelectorAll<HTMLElement>('.ant-table-thead th')]
      .filter((th) => !th.classList.contains('ant-table-cell-scrollbar'))
      .map((th) => {
        const box = th.getBoundingClientRect();
        const y = (box.top + box.bottom) / 2;
        const inWindow =
          box.left >= -0.5 && box.right <= innerWidth + 0.5 && box.top >= 0 && box.bottom <= innerHeight;
        // Its left edge, middle and right edge all show the header, not what covers it.
        const uncovered = [box.left + 3, (box.left + box.right) / 2, box.right - 3].every((x) =>
          th.contains(document.elementFromPoint(x, y)),
        );
        return { title: th.innerText.trim(), seen: inWindow && uncovered };
      }),
  );
}

interface Bar {
  kind: TableReach['scrollbar'];
  /** Where to take hold of the scrollbar's thumb, in window pixels. */
  x: number;
  y: number;
  /** How far the rows move sideways in all. */
  range: number;
}

/** The scrollbar that moves the table sideways, if one is in the window. */
function visibleBar(table: Locator): Promise<Bar> {
  return table.evaluate((wrapper): Bar => {
    const body = wrapper.querySelector<HTMLElement>('.ant-table-body, .ant-table-content')!;
    const range = body.scrollWidth - body.clientWidth;
    if (range <= 1) return { kind: 'none', x: 0, y: 0, range: 0 };
    // antd's sticky bar: shown at the window's foot while the table's own is below it.
    const sticky = wrapper.querySelector<HTMLElement>('.ant-table-sticky-scroll');
    const thumb = wrapper.querySelector<HTMLElement>('.ant-table-sticky-scroll-bar');
    if (sticky && thumb) {
      const box = thumb.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight) {
        return { kind: 'sticky', x: box.left + box.width / 2, y: box.top + box.height / 2, range };
      }
    }
    // The table's own, at the foot of its body: its height is what the body loses to it.
    const bar = body.offsetHeight - body.clientHeight;
    const box = body.getBoundingClientRect();
    if (bar > 0 && box.bottom <= innerHeight && box.bottom - bar >= 0) {
      const thumbMiddle = ((body.scrollLeft + body.clientWidth / 2) / body.scrollWidth) * body.clientWidth;
      return { kind: 'native', x: box.left + thumbMiddle, y: box.bottom - bar / 2, range };
    }
    return { kind: 'missing', x: 0, y: 0, range };
  });
}

function scrollRowsTo(table: Locator, left: number): Promise<void> {
  return table.evaluate(async (wrapper, to) => {
    const body = wrapper.querySelector<HTMLElement>('.ant-table-body, .ant-table-content')!;
    body.scrollLeft = to;
    // The header follows the body on its scroll event; two frames see it done.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, left);
}

function scrolledBy(table: Locator): Promise<number> {
  return table.evaluate(
    (wrapper) => wrapper.querySelector<HTMLElement>('.ant-table-body, .ant-table-content')!.scrollLeft,
  );
}

/** Date cells whose text runs past the cell's edge (cut or spilling). */
function cutTimes(table: Locator): Promise<string[]> {
  return table.evaluate((wrapper) =>
    [...wrapper.querySelectorAll<HTMLElement>('.ant-table-tbody td')]
      .filter((td) => /\d{2}\/\d{2}\/\d{4}/.test(td.textContent ?? ''))
      .filter((td) => {
        const cell = td.getBoundingClientRect();
        const spills = [...td.querySelectorAll('span')].some((span) => {
          const box = span.getBoundingClientRect();
          return box.right > cell.right + 1 || box.left < cell.left - 1;
        });
        return td.scrollWidth > td.clientWidth + 1 || spills;
      })
      .map((td) => td.innerText),
  );
}

/**
 * Looks at a table (its `.ant-table-wrapper`) as an officer would: the window is scrolled to
 * its header, the headers in view are noted, the scrollbar in view (if any) is dragged with the
 * mouse, and the rows are then moved sideways step by step to see which headers come into view.
 */
export async function reachColumns(page: Page, table: Locator): Promise<TableReach> {
  await table.locator('.ant-table-thead').first().scrollIntoViewIfNeeded();
  await scrollRowsTo(table, 0);
  const first = await headersSeen(table);
  const reached = first.map((column) => column.seen);
  const bar = await visibleBar(table);
  let dragged = false;
  if (bar.kind === 'sticky' || bar.kind === 'native') {
    await page.mouse.move(bar.x, bar.y);
    await page.mouse.down();
    await page.mouse.move(bar.x + 400, bar.y, { steps: 8 });
    await page.mouse.up();
    dragged = (await scrolledBy(table)) > 0;
    // Step along the whole width 100 px at a time, as a drag passes every position (half a
    // window could jump over a column seen whole only between two pinned ones), noting every
    // header seen whole.
    const step = 100;
    for (let left = 0; ; left = Math.min(left + step, bar.range)) {
      await scrollRowsTo(table, left);
      (await headersSeen(table)).forEach((column, index) => {
        if (column.seen) reached[index] = true;
      });
      if (left >= bar.range) break;
    }
    await scrollRowsTo(table, 0);
  }
  return {
    columns: first.map((column, index) => ({
      title: column.title,
      atFirst: column.seen,
      reached: reached[index]!,
    })),
    scrollbar: bar.kind,
    dragged,
    cutTimes: await cutTimes(table),
  };
}
