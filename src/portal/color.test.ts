// The portal's colour as an accent that always reads: text on it and the accent as text on white
// both reach 4.5:1, whatever colour the admin picked; no colour or a bad one is the house colour.
import { describe, expect, it } from 'vitest';
import { accentOf, contrast, HOUSE_COLOR, parseHex } from './color';

const WHITE = parseHex('#ffffff');

describe('accentOf', () => {
  it.each(['#0f766e', '#facc15', '#ffffff', '#000000', '#22c55e', '#ef4444', '#7c3aed', '#f97316', '#808080', '#abc'])(
    'keeps text readable on %s, and the colour itself readable on white',
    (color) => {
      const a = accentOf(color);
      const accent = parseHex(a.accent);
      const on = parseHex(a.onAccent);
      const ink = parseHex(a.ink);
      if (!accent || !on || !ink || !WHITE) throw new Error('unreadable colour');
      expect(contrast(accent, on)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(ink, WHITE)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('uses the house colour when there is none or it is not a colour', () => {
    expect(accentOf(null).accent).toBe(HOUSE_COLOR);
    expect(accentOf('red; background: url(x)').accent).toBe(HOUSE_COLOR);
    expect(accentOf('#0F766E').accent).toBe('#0f766e');
  });

  it('picks white text on a dark colour and dark text on a light one', () => {
    expect(accentOf('#1e3a8a').onAccent).toBe('#ffffff');
    expect(accentOf('#facc15').onAccent).toBe('#111827');
  });
});
