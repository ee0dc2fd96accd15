// The portal's colour as the page's accent, readable whatever colour the admin picked: text on the
// accent is white or near-black, whichever reaches 4.5:1 (WCAG AA); links and outlines on the white
// page use the accent darkened until it reaches 4.5:1 against white. No colour, or one that is not
// `#rrggbb`, is the house colour.

export const HOUSE_COLOR = '#4f46e5';
const WHITE = '#ffffff';
const INK = '#111827';
const BLACK = '#000000';

type Rgb = readonly [number, number, number];

export function parseHex(color: string | null | undefined): Rgb | null {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec((color ?? '').trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface Accent {
  /** The portal's colour (buttons, the header's band). */
  accent: string;
  /** Text on the accent: 4.5:1 or more (white, near-black or black). */
  onAccent: string;
  /** The accent as text on white (links, focus rings, the current tab): 4.5:1 or more. */
  ink: string;
  /** A pale wash of the accent (voted state, highlighted boxes). */
  soft: string;
}

const white = parseHex(WHITE) as Rgb;
const ink = parseHex(INK) as Rgb;

export function accentOf(color: string | null | undefined): Accent {
  const rgb = parseHex(color) ?? (parseHex(HOUSE_COLOR) as Rgb);
  // White or near-black; pure black for the few mid greys neither reaches (one of white and black always does).
  const onAccent = contrast(rgb, white) >= 4.5 ? WHITE : contrast(rgb, ink) >= 4.5 ? INK : BLACK;
  // Darken toward black in small steps until the colour reads on white.
  let dark: Rgb = rgb;
  for (let i = 0; i < 40 && contrast(dark, white) < 4.5; i++) dark = dark.map((c) => Math.floor(c * 0.93)) as unknown as Rgb;
  const soft = rgb.map((c) => Math.round(255 - (255 - c) * 0.1)) as unknown as Rgb;
  return { accent: toHex(rgb), onAccent, ink: toHex(dark), soft: toHex(soft) };
}
