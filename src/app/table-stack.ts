/**
 * A wide table read on a narrow screen: while the table would be wider than
 * its box, each row is laid out as a card of labelled values (CSS
 * `.stacked`, labels from each cell's `data-label`) instead of a row the
 * reader scrolls sideways through. The table's own width is noted when it
 * stacks, so it goes back to rows once its box is that wide again.
 */
import { useEffect, type RefObject } from 'react';

export function useStackWhenNarrow(
  box: RefObject<HTMLElement | null>,
  table: RefObject<HTMLTableElement | null>,
  /** Changes when the table comes or goes (a table rendered only once there are rows). */
  present = true,
): void {
  useEffect(() => {
    const b = box.current;
    const t = table.current;
    if (!b || !t) return;
    let rowsWidthPx = 0;
    const fit = (widthPx: number) => {
      const stacked = t.classList.contains('stacked');
      if (!stacked && t.scrollWidth > widthPx + 1) {
        rowsWidthPx = t.scrollWidth;
        t.classList.add('stacked');
      } else if (stacked && widthPx >= rowsWidthPx) t.classList.remove('stacked');
    };
    const ro = new ResizeObserver((entries) => fit(entries[0]?.contentRect.width ?? b.clientWidth));
    ro.observe(b);
    // New rows or columns may widen the table: check again as it changes.
    const mo = new MutationObserver(() => {
      t.classList.remove('stacked');
      fit(b.clientWidth);
    });
    mo.observe(t, { childList: true, subtree: true });
    return () => {
      ro.disconnect();
      mo.disconnect();
    };
  }, [box, table, present]);
}
