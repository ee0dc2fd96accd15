// jsdom lays nothing out, so it has no client rects for ranges and text, which ProseMirror (the rich-
// text editor) asks for when it scrolls the cursor into view. Empty rectangles are the truth of a
// page that is never drawn. Runs before every unit test file; does nothing where there is no DOM.
const EMPTY_RECT = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };

function emptyRects(): DOMRectList {
  const list: DOMRect[] = [];
  return Object.assign(list, { item: () => null }) as unknown as DOMRectList;
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  for (const proto of [Range.prototype, Element.prototype]) {
    if (typeof proto.getClientRects !== 'function') {
      Object.defineProperty(proto, 'getClientRects', { configurable: true, value: emptyRects });
    }
  }
  if (typeof Range.prototype.getBoundingClientRect !== 'function') {
    Object.defineProperty(Range.prototype, 'getBoundingClientRect', { configurable: true, value: () => EMPTY_RECT as DOMRect });
  }
  if (typeof document.elementFromPoint !== 'function') {
    Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: () => null });
  }
}
