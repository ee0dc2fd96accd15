// The rows of a long DataTable drawn only near the viewport, against the page's own scroll (padding
// rows stand in for the rest, so it stays a real <table>). Its own chunk, loaded only when a table
// is long: the virtualiser is a tenth of a list screen's first load, and most pages are 30 rows.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';

export interface VirtualRowsProps {
  count: number;
  /** Estimated row height; rows are measured once drawn. */
  rowHeight: number;
  /** The table body the rows go in: the virtualiser counts from where it starts on the page. */
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  /** Columns, for the padding rows' span. */
  span: number;
  /** Draws the rows of these indexes, each <tr> with `data-index` and `ref={measure}`. */
  children: (indexes: number[], measure: (el: Element | null) => void) => ReactNode;
}

export function VirtualRows({ count, rowHeight, bodyRef, span, children }: VirtualRowsProps) {
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    if (!bodyRef.current) return;
    setScrollMargin(bodyRef.current.getBoundingClientRect().top + window.scrollY);
  }, [bodyRef]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? (items[0]?.start ?? scrollMargin) - scrollMargin : 0;
  const padBottom =
    items.length > 0 ? virtualizer.getTotalSize() - ((items[items.length - 1]?.end ?? 0) - scrollMargin) : 0;
  return (
    <>
      {padTop > 0 ? <PadRow height={padTop} span={span} /> : null}
      {children(
        items.map((i) => i.index),
        virtualizer.measureElement,
      )}
      {padBottom > 0 ? <PadRow height={padBottom} span={span} /> : null}
    </>
  );
}

function PadRow({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden="true" className="data-table__pad">
      <td colSpan={span} style={{ height }} />
    </tr>
  );
}
