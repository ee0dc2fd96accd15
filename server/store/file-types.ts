// What an uploaded file is, read from its first bytes — never from the type or name the uploader
// claims — and how it may be served. Only raster images of the four kinds every browser decodes
// safely are shown inline; everything else is a download, and markup that a browser would run
// (HTML, SVG, XML) is served as opaque bytes whatever it is called.

/** Bytes of the file's start that `sniffType` reads. */
export const SNIFF_BYTES = 512;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string): number[] => [...text].map((ch) => ch.charCodeAt(0));

/** Office formats are zip archives; the name tells which (the bytes are a zip either way). */
const ZIP_KINDS: Readonly<Record<string, string>> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  epub: 'application/epub+zip',
  jar: 'application/java-archive',
};

/** Plain-text kinds the name may refine (the bytes are text either way). */
const TEXT_KINDS: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
};

const extension = (fileName: string): string => /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** True when the bytes read as UTF-8 text: no NUL, no invalid sequence (a cut at the end is fine). */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut by the sniff window is not an error: drop up to 3 trailing bytes.
    const decoder = new TextDecoder('utf-8', { fatal: true });
    decoder.decode(head.subarray(0, Math.max(0, head.length - 3)));
    return true;
  } catch {
    return false;
  }
}

/** Markup a browser would render or run if it were served as what it is. */
function isMarkup(head: Buffer): boolean {
  const text = head
    .toString('utf8', 0, Math.min(head.length, SNIFF_BYTES))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (!text.startsWith('<')) return /<(?:script|html|svg|iframe|body)\b/.test(text);
  return true;
}

/**
 * The type of a file from its first bytes (`SNIFF_BYTES` of them); the name only refines a zip or
 * a text into a more precise kind of the same bytes. Markup is `text/html` or `image/svg+xml` here
 * (what it is), and `servedType` makes sure it is never served as such.
 */
export function sniffType(head: Buffer, fileName: string): string {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    return ZIP_KINDS[extension(fileName)] ?? 'application/zip';
  }
  if (startsWith(head, [0x1f, 0x8b])) return 'application/gzip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/x-ole-storage';
  if (startsWith(head, ascii('ftyp'), 4)) return 'video/mp4';
  if (head.length === 0) return 'application/octet-stream';
  if (looksLikeText(head)) {
    if (isMarkup(head)) {
      const text = head.toString('utf8');
      if (/<svg\b/i.test(text)) return 'image/svg+xml';
      return /^\uFEFF?\s*<\?xml\b/i.test(text) ? 'application/xml' : 'text/html';
    }
    return TEXT_KINDS[extension(fileName)] ?? 'text/plain';
  }
  return 'application/octet-stream';
}

/** The raster images a browser may show inline: decoded as pixels, never run. */
const INLINE_IMAGES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function isInlineImage(contentType: string): boolean {
  return INLINE_IMAGES.has(contentType);
}

/**
 * The `Content-Type` a stored file is served with: safe raster images and PDFs as themselves, text
 * as UTF-8 text, markup and everything else as opaque bytes (with `nosniff` and a download
 * disposition, a browser never renders them).
 */
export function servedType(contentType: string): string {
  if (INLINE_IMAGES.has(contentType) || contentType === 'application/pdf') return contentType;
  if (contentType === 'text/plain' || contentType === 'text/csv' || contentType === 'text/markdown') return `${contentType}; charset=utf-8`;
  return 'application/octet-stream';
}

/**
 * `Content-Disposition` for a file: `inline` for the safe images, `attachment` otherwise, with the
 * name as RFC 6266/5987 says (`filename*` in UTF-8, and an ASCII fallback for old clients).
 */
export function contentDisposition(contentType: string, fileName: string): string {
  const kind = isInlineImage(contentType) ? 'inline' : 'attachment';
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
