import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/** A slider puzzle: a background with a hole and the piece that fits it, both PNG. */
export interface SliderPuzzle {
  /** Left edge of the piece image where it fits, on the background. */
  x: number;
  /** Top edge of the piece image, on the background (the client is told this one). */
  y: number;
  background: Buffer;
  piece: Buffer;
}

export const backgroundWidth = 320;
export const backgroundHeight = 160;
export const pieceSize = 60;
/** The piece starts at the left edge of the track, so every hole starts right of it. */
const minX = 64;

type Rand = (min: number, max: number) => number;

/** Knob out, notch in, or a straight side; `at` moves it along the side. */
interface Side {
  kind: 'out' | 'in' | 'flat';
  at: number;
  r: number;
}
/** A jigsaw outline inside the 60x60 box: a square body and a knob, a notch or nothing on each side (top, right, bottom, left). */
interface Shape {
  sides: [Side, Side, Side, Side];
  corner: number;
}

const bodyLo = 11;
const bodyHi = 49;
const knobReach = 3;

/** Whether a point (piece coordinates) is inside the shape. */
function inShape(s: Shape, px: number, py: number): boolean {
  const mid = (bodyLo + bodyHi) / 2;
  const inCircle = (cx: number, cy: number, r: number) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
  // Side centres, outward normal: top (0,-1), right (1,0), bottom (0,1), left (-1,0).
  const centres = (i: number, side: Side, sign: number): [number, number] => {
    const off = sign * knobReach;
    if (i === 0) return [mid + side.at, bodyLo - off];
    if (i === 1) return [bodyHi + off, mid + side.at];
    if (i === 2) return [mid + side.at, bodyHi + off];
    return [bodyLo - off, mid + side.at];
  };
  for (let i = 0; i < 4; i++) {
    const side = s.sides[i]!;
    if (side.kind === 'in') {
      const [cx, cy] = centres(i, side, -1);
      if (inCircle(cx, cy, side.r)) return false;
    }
  }
  const c = s.corner;
  const inBody =
    px >= bodyLo &&
    px < bodyHi &&
    py >= bodyLo &&
    py < bodyHi &&
    // Rounded corners.
    !(px < bodyLo + c && py < bodyLo + c && !inCircle(bodyLo + c, bodyLo + c, c)) &&
    !(px >= bodyHi - c && py < bodyLo + c && !inCircle(bodyHi - c, bodyLo + c, c)) &&
    !(px < bodyLo + c && py >= bodyHi - c && !inCircle(bodyLo + c, bodyHi - c, c)) &&
    !(px >= bodyHi - c && py >= bodyHi - c && !inCircle(bodyHi - c, bodyHi - c, c));
  if (inBody) return true;
  for (let i = 0; i < 4; i++) {
    const side = s.sides[i]!;
    if (side.kind === 'out') {
      const [cx, cy] = centres(i, side, 1);
      if (inCircle(cx, cy, side.r)) return true;
    }
  }
  return false;
}

function randomSide(rand: Rand, kind?: Side['kind']): Side {
  const k = kind ?? (['out', 'out', 'in', 'flat'] as const)[rand(0, 4)]!;
  return { kind: k, at: rand(-6, 7), r: rand(7, 9) };
}

/** A random jigsaw with at least one knob and at least three shaped sides. */
function randomShape(rand: Rand): Shape {
  for (;;) {
    const sides = [randomSide(rand), randomSide(rand), randomSide(rand), randomSide(rand)] as Shape['sides'];
    const outs = sides.filter((s) => s.kind === 'out').length;
    const flats = sides.filter((s) => s.kind === 'flat').length;
    if (outs >= 1 && flats <= 1) return { sides, corner: rand(2, 6) };
  }
}

/** The shape as a 60x60 coverage mask. */
function maskOf(s: Shape): Uint8Array {
  const m = new Uint8Array(pieceSize * pieceSize);
  for (let py = 0; py < pieceSize; py++) for (let px = 0; px < pieceSize; px++) m[py * pieceSize + px] = inShape(s, px, py) ? 1 : 0;
  return m;
}

/** Signed distance (pixels, chamfer, clipped to ±12) from the outline: positive inside. */
function distanceField(m: Uint8Array): Float32Array {
  const n = pieceSize;
  const cap = 12;
  const inside = new Float32Array(n * n);
  const outside = new Float32Array(n * n);
  for (let i = 0; i < n * n; i++) {
    inside[i] = m[i] ? cap : 0;
    outside[i] = m[i] ? 0 : cap;
  }
  // Two chamfer passes (3-4 weights, divided by 3) on each field.
  for (const f of [inside, outside]) {
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const i = y * n + x;
        if (f[i] === 0) continue;
        let v = f[i]!;
        if (x > 0) v = Math.min(v, f[i - 1]! + 1);
        if (y > 0) v = Math.min(v, f[i - n]! + 1);
        if (x > 0 && y > 0) v = Math.min(v, f[i - n - 1]! + 1.4);
        if (x < n - 1 && y > 0) v = Math.min(v, f[i - n + 1]! + 1.4);
        f[i] = v;
      }
    for (let y = n - 1; y >= 0; y--)
      for (let x = n - 1; x >= 0; x--) {
        const i = y * n + x;
        if (f[i] === 0) continue;
        let v = f[i]!;
        if (x < n - 1) v = Math.min(v, f[i + 1]! + 1);
        if (y < n - 1) v = Math.min(v, f[i + n]! + 1);
        if (x < n - 1 && y < n - 1) v = Math.min(v, f[i + n + 1]! + 1.4);
        if (x > 0 && y < n - 1) v = Math.min(v, f[i + n - 1]! + 1.4);
        f[i] = v;
      }
  }
  const d = new Float32Array(n * n);
  // Pixel centres sit half a pixel from the outline on either side.
  for (let i = 0; i < n * n; i++) d[i] = m[i] ? inside[i]! - 0.5 : -(outside[i]! - 0.5);
  return d;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/** Random gradient, translucent shapes, stripes, hatching and grain: a different picture every time. */
function paintBackground(rand: Rand): Float32Array {
  const w = backgroundWidth;
  const h = backgroundHeight;
  const rgb = new Float32Array(w * h * 3);
  const hue = rand(0, 360);
  const c1 = hsl(hue, 0.55, 0.45);
  const c2 = hsl((hue + rand(90, 240)) % 360, 0.6, 0.6);
  const angle = (rand(0, 360) * Math.PI) / 180;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const span = Math.abs(dx) * w + Math.abs(dy) * h;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = ((x - w / 2) * dx + (y - h / 2) * dy) / span + 0.5;
      const i = (y * w + x) * 3;
      for (let k = 0; k < 3; k++) rgb[i + k] = c1[k]! * (1 - t) + c2[k]! * t;
    }
  }
  const shapes = rand(14, 22);
  for (let n = 0; n < shapes; n++) {
    const color = hsl(rand(0, 360), 0.5 + rand(0, 40) / 100, 0.3 + rand(0, 50) / 100);
    const alpha = rand(25, 65) / 100;
    const cx = rand(0, w);
    const cy = rand(0, h);
    const circle = rand(0, 2) === 0;
    const r = rand(10, 45);
    const rw = rand(15, 90);
    const rh = rand(10, 60);
    const rx = circle ? r : Math.ceil(rw / 2);
    const ry = circle ? r : Math.ceil(rh / 2);
    for (let y = Math.max(0, cy - ry); y < Math.min(h, cy + ry + 1); y++) {
      for (let x = Math.max(0, cx - rx); x < Math.min(w, cx + rx + 1); x++) {
        const inside = circle ? (x - cx) ** 2 + (y - cy) ** 2 <= r * r : Math.abs(x - cx) <= rw / 2 && Math.abs(y - cy) <= rh / 2;
        if (!inside) continue;
        const i = (y * w + x) * 3;
        for (let k = 0; k < 3; k++) rgb[i + k] = rgb[i + k]! * (1 - alpha) + color[k]! * alpha;
      }
    }
  }
  const waves = rand(3, 7);
  for (let n = 0; n < waves; n++) {
    const amp = rand(5, 25);
    const base = rand(0, h);
    const freq = rand(10, 40) / 1000;
    const phase = rand(0, 628) / 100;
    const light = rand(0, 2) === 0 ? 255 : 0;
    const mix = rand(25, 45) / 100;
    for (let x = 0; x < w; x++) {
      const yc = Math.round(base + amp * Math.sin(x * freq + phase));
      for (let y = yc - 1; y <= yc + 1; y++) {
        if (y < 0 || y >= h) continue;
        const i = (y * w + x) * 3;
        for (let k = 0; k < 3; k++) rgb[i + k] = rgb[i + k]! * (1 - mix) + light * mix;
      }
    }
  }
  for (let i = 0; i < rgb.length; i++) rgb[i] = rgb[i]! + rand(-14, 15);
  return rgb;
}

/** Three places on the piece's row, far enough apart that no two overlap: the answer and two others. */
function places(rand: Rand): [number, number, number] {
  const hi = backgroundWidth - pieceSize;
  for (;;) {
    const xs = [rand(minX, hi + 1), rand(minX, hi + 1), rand(minX, hi + 1)] as [number, number, number];
    if (Math.abs(xs[0] - xs[1]) >= 56 && Math.abs(xs[0] - xs[2]) >= 56 && Math.abs(xs[1] - xs[2]) >= 40) return xs;
  }
}

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** A colour direction of no brightness for a hue: added to a pixel it changes the colour and keeps the luminance. */
function chroma(hue: number): [number, number, number] {
  const [r, g, b] = hsl(hue, 1, 0.5);
  const l = luma(r, g, b);
  const v: [number, number, number] = [r - l, g - l, b - l];
  const m = Math.max(...v.map(Math.abs)) || 1;
  return [v[0] / m, v[1] / m, v[2] / m];
}

/**
 * Sets a pixel to a colour of the given brightness: channels pushed past black or white are clipped and the
 * brightness lost or gained by clipping is spread over the others, so hue changes leave no edge of brightness.
 */
function setKeepingLuma(rgb: Float32Array, i: number, r: number, g: number, b: number, l: number) {
  const cut = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
  for (let pass = 0; pass < 3; pass++) {
    r = cut(r);
    g = cut(g);
    b = cut(b);
    const off = l - luma(r, g, b);
    if (Math.abs(off) < 0.5) break;
    r += off;
    g += off;
    b += off;
  }
  rgb[i] = r;
  rgb[i + 1] = g;
  rgb[i + 2] = b;
}

/** A disc or a bar that changes the picture's hue and not its brightness. */
function hueShape(rgb: Float32Array, rand: Rand, cx: number, cy: number) {
  const c = chroma(rand(0, 360));
  const strength = rand(30, 56);
  const disc = rand(0, 2) === 0;
  const r = rand(8, 26);
  const angle = (rand(0, 180) * Math.PI) / 180;
  const along = [Math.cos(angle), Math.sin(angle)];
  const half = [rand(14, 40), rand(3, 8)];
  const reach = disc ? r : half[0]!;
  for (let y = Math.max(0, cy - reach); y < Math.min(backgroundHeight, cy + reach + 1); y++)
    for (let x = Math.max(0, cx - reach); x < Math.min(backgroundWidth, cx + reach + 1); x++) {
      const dx = x - cx;
      const dy = y - cy;
      const inside = disc ? dx * dx + dy * dy <= r * r : Math.abs(dx * along[0]! + dy * along[1]!) <= half[0]! && Math.abs(-dx * along[1]! + dy * along[0]!) <= half[1]!;
      if (!inside) continue;
      const i = (y * backgroundWidth + x) * 3;
      const l = luma(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
      setKeepingLuma(rgb, i, rgb[i]! + strength * c[0]!, rgb[i + 1]! + strength * c[1]!, rgb[i + 2]! + strength * c[2]!, l);
    }
}

/** The mean hue of a box of the picture, in degrees. */
function hueAround(rgb: Float32Array, x0: number, y0: number): number {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let y = y0; y < y0 + pieceSize; y += 3)
    for (let x = x0; x < x0 + pieceSize; x += 3) {
      const i = (y * backgroundWidth + x) * 3;
      r += rgb[i]!;
      g += rgb[i + 1]!;
      b += rgb[i + 2]!;
    }
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const h = max === r ? (g - b) / (max - min) : max === g ? 2 + (b - r) / (max - min) : 4 + (r - g) / (max - min);
  return (h * 60 + 360) % 360;
}

/**
 * The puzzle. What a person goes by: the hole with the piece's shape and the piece's rim colour, on the piece's
 * row. It is drawn in colour, not brightness: its inside takes another hue and its rim the piece's rim hue, at the
 * picture's own brightness (a few percent either way). What a program measuring brightness, edges of brightness or
 * pixels finds instead, on purpose: a decoy on the same row, a dark crisp rounded square the size of the piece's
 * body, darker and sharper than the hole to every such measure; and the piece's picture is cut from a third place on
 * that row where there is no hole, so matching the piece's pixels, or the continuation of its picture, leads there.
 * Shapes, places, hues, darkening and rims are drawn at random each time, and grain goes over all.
 * A program that looks for the hole's colour, the cue a person uses, is not misled: the server's judgement of the
 * drag and the counts of failures (services/session/captcha.ts) are what stand behind the picture.
 */
export function renderSliderPuzzle(rand: Rand = randomInt): SliderPuzzle {
  const w = backgroundWidth;
  const n = pieceSize;
  const rgb = paintBackground(rand);
  const y = rand(4, backgroundHeight - n - 4 + 1);
  const [x, decoyX, sourceX] = places(rand);
  const shape = randomShape(rand);
  const mask = maskOf(shape);
  const dist = distanceField(mask);
  // Colour without brightness all over, some across the decoy and the piece's source: edges of hue everywhere.
  for (const at of [decoyX, sourceX, -1, -1, -1, -1, -1, -1, -1, -1]) {
    const cx = at < 0 ? rand(0, w) : at + rand(0, n);
    const cy = at < 0 ? rand(0, backgroundHeight) : y + rand(0, n);
    hueShape(rgb, rand, cx, cy);
  }

  // Hues: the hole's inside against the picture around it, the rim (the piece's too) against both.
  const around = hueAround(rgb, x, y);
  const insideHue = (around + rand(120, 241)) % 360;
  const rimHue = (insideHue + rand(100, 161)) % 360;
  const insideChroma = chroma(insideHue);
  const rimChroma = chroma(rimHue);

  // The piece: the picture under its shape at sourceX, tinted a little, with a rim of its colour.
  const piece = new PNG({ width: n, height: n });
  const tint = [0, 1, 2].map(() => rand(90, 111) / 100);
  const [rr, rg, rb] = hsl(rimHue, 0.85, 0.62);
  for (let py = 0; py < n; py++) {
    for (let px = 0; px < n; px++) {
      const o = (py * n + px) * 4;
      const d = dist[py * n + px]!;
      if (d < 0) {
        piece.data[o + 3] = 0;
        continue;
      }
      const i = ((y + py) * w + sourceX + px) * 3;
      const rim = d < 2 ? 1 : 0;
      const rimColour = [rr, rg, rb];
      for (let k = 0; k < 3; k++) piece.data[o + k] = clamp(rim ? rimColour[k]! : rgb[i + k]! * tint[k]! + rand(-8, 9));
      piece.data[o + 3] = 255;
    }
  }

  // The decoy: a rounded square over the body's place, darkened by a jittered factor, in a hue of its own, with a
  // crisp bright rim: stronger than the hole in brightness and in every colour channel.
  const side = rand(36, 43);
  const corner = rand(3, 9);
  const lo = Math.round((n - side) / 2) + rand(-2, 3);
  const dark = rand(30, 43) / 100;
  const decoyChroma = chroma((insideHue + rand(-40, 41) + 360) % 360);
  const decoyRim = chroma((rimHue + rand(-30, 31) + 360) % 360);
  for (let py = lo - 2; py < lo + side + 2; py++) {
    for (let px = lo - 2; px < lo + side + 2; px++) {
      // Distance outside the rounded square (negative inside, within the corner radius of its edge).
      const cx = Math.min(Math.max(px, lo + corner), lo + side - 1 - corner);
      const cy = Math.min(Math.max(py, lo + corner), lo + side - 1 - corner);
      const out = Math.hypot(px - cx, py - cy) - corner;
      if (out > 2) continue;
      const i = ((y + py) * w + decoyX + px) * 3;
      const l = luma(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
      if (out > -2) {
        for (let k = 0; k < 3; k++) rgb[i + k] = l * 0.45 + 150 + 60 * decoyRim[k]!;
        continue;
      }
      const f = dark + rand(-4, 5) / 100;
      for (let k = 0; k < 3; k++) rgb[i + k] = (l + (rgb[i + k]! - l) * 0.35 + 55 * decoyChroma[k]!) * f;
    }
  }

  // The hole: another hue inside, fading in over a few pixels, and a rim of the piece's rim colour, both at the
  // picture's brightness.
  const inner = rand(97, 104) / 100;
  const strength = rand(70, 91);
  const rimStrength = rand(80, 101);
  const ramp = rand(25, 36) / 10;
  const keep = 0.2;
  for (let py = 0; py < n; py++) {
    for (let px = 0; px < n; px++) {
      const d = dist[py * n + px]!;
      if (d < -1.5) continue;
      const i = ((y + py) * w + x + px) * 3;
      const l = luma(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
      if (d < 1.5) {
        setKeepingLuma(rgb, i, l + rimStrength * rimChroma[0]!, l + rimStrength * rimChroma[1]!, l + rimStrength * rimChroma[2]!, l);
        continue;
      }
      const u = Math.min(1, (d - 1.5) / ramp);
      const t = 0.5 + 0.5 * u;
      const f = 1 - t * (1 - inner);
      const c = [0, 1, 2].map((k) => (l + (rgb[i + k]! - l) * (1 - t * (1 - keep)) + strength * t * insideChroma[k]!) * f);
      setKeepingLuma(rgb, i, c[0]!, c[1]!, c[2]!, l * f);
    }
  }

  for (let i = 0; i < rgb.length; i++) rgb[i] = rgb[i]! + rand(-6, 7);
  const bg = new PNG({ width: backgroundWidth, height: backgroundHeight, colorType: 2 });
  for (let p = 0; p < backgroundWidth * backgroundHeight; p++) {
    bg.data[p * 4] = clamp(rgb[p * 3]!);
    bg.data[p * 4 + 1] = clamp(rgb[p * 3 + 1]!);
    bg.data[p * 4 + 2] = clamp(rgb[p * 3 + 2]!);
    bg.data[p * 4 + 3] = 255;
  }
  // Grain does not compress whatever the filter: the cheapest filter and a middle level make it as small, faster.
  const fast = { filterType: 1, deflateLevel: 4 } as const;
  return { x, y, background: PNG.sync.write(bg, { colorType: 2, ...fast }), piece: PNG.sync.write(piece, fast) };
}
