/**
 * WCAG 2.2 colour contrast: relative luminance, contrast ratios (with translucent colours laid
 * over what is under them) and the shade of a colour that reaches a wanted ratio. The themes
 * derive their accessible shades with it, and the theme tests check every pair with it.
 */

/** A colour as 0–255 channels and 0–1 alpha. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** WCAG 2.2 AA minimum for normal text. */
export const AA_TEXT = 4.5;
/** WCAG 2.2 AA minimum for large text and for user-interface parts (borders, focus indicators). */
export const AA_NON_TEXT = 3;

/** Reads `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(...)` or `rgba(...)`. */
export function parseColour(value: string): Rgba {
  const text = value.trim().toLowerCase();
  if (text.startsWith('#')) {
    let hex = text.slice(1);
    if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
    const n = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: hex.length === 8 ? n(6) / 255 : 1 };
  }
  const match = /^rgba?\(([^)]+)\)$/.exec(text);
  if (!match) throw new Error(`not a colour: ${value}`);
  const [r, g, b, a = '1'] = match[1].split(/[\s,/]+/).filter(Boolean);
  return { r: Number(r), g: Number(g), b: Number(b), a: Number(a) };
}

/** `#rrggbb` of an opaque colour. */
export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/** The colour seen when `top` (possibly translucent) is painted over the opaque `bottom`. */
export function over(top: string | Rgba, bottom: string | Rgba): Rgba {
  const t = typeof top === 'string' ? parseColour(top) : top;
  const b = typeof bottom === 'string' ? parseColour(bottom) : bottom;
  const mixChannel = (x: number, y: number) => x * t.a + y * (1 - t.a);
  return { r: mixChannel(t.r, b.r), g: mixChannel(t.g, b.g), b: mixChannel(t.b, b.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour. */
export function luminance(colour: string | Rgba): number {
  const { r, g, b } = typeof colour === 'string' ? parseColour(colour) : colour;
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio (1–21) of `foreground` laid over `background` (which must be opaque). */
export function contrastRatio(foreground: string | Rgba, background: string | Rgba): number {
  const bg = over(background, BLACK);
  const fg = over(foreground, bg);
  const [a, b] = [luminance(fg), luminance(bg)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `base` mixed towards `target` by `amount` (0–1), its channels rounded as in hex. */
function mixChannels(base: Rgba, target: Rgba, amount: number): Rgba {
  const mixed = over({ ...target, a: amount }, base);
  return { r: Math.round(mixed.r), g: Math.round(mixed.g), b: Math.round(mixed.b), a: 1 };
}

/** Mixes `colour` towards `target` by `amount` (0–1): a lighter or darker shade of the same hue. */
export function mix(colour: string, target: string, amount: number): string {
  return toHex(mixChannels(parseColour(colour), parseColour(target), amount));
}

/**
 * The shade of `colour` nearest to it (mixed towards black or white, whichever helps) on which
 * `other` reaches `ratio`, or with which `other` as a background reaches it. The steps of `mix`,
 * kept as channels: the themes are built while the first page renders, and reading the hex of
 * each of up to 100 steps back took most of that time.
 */
export function shadeReaching(colour: string, other: string, ratio: number): string {
  const against = parseColour(other);
  if (contrastRatio(colour, against) >= ratio) return colour;
  const target = luminance(over(against, BLACK)) > 0.18 ? '#000000' : '#ffffff';
  const base = parseColour(colour);
  const towards = parseColour(target);
  for (let step = 1; step <= 100; step += 1) {
    const shade = mixChannels(base, towards, step / 100);
    if (contrastRatio(shade, against) >= ratio) return toHex(shade);
  }
  return target;
}

/** The shade of `colour` that reaches `ratio` against every one of `others`. */
export function shadeReachingAll(colour: string, others: readonly string[], ratio: number): string {
  let shade = colour;
  // Each pass can only move further from the others' side; a few passes settle it, and a pass
  // that changed nothing means it is settled.
  for (let pass = 0; pass < 4; pass += 1) {
    const before = shade;
    for (const other of others) shade = shadeReaching(shade, other, ratio);
    if (shade === before) break;
  }
  return shade;
}
