import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/** A slider puzzle: a background with a hole and the piece cut from it, both PNG. */
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
/** The piece starts at the left edge of the track, so the hole must start well right of it. */
export const minX = 70;

type Rand = (min: number, max: number) => number;

/**
 * Jigsaw shape inside a 60x60 box: a 44x44 body with knobs on top and right and a notch on the left,
 * so that the outline is not a plain square a script could match trivially.
 */
export function inPiece(px: number, py: number): boolean {
  const inCircle = (cx: number, cy: number, r: number) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
  const body = px >= 4 && px < 48 && py >= 14 && py < 58;
  if (body && !inCircle(4, 36, 7)) return true;
  return inCircle(26, 14, 8) || inCircle(48, 36, 8);
}

function isEdge(px: number, py: number): boolean {
  if (!inPiece(px, py)) return false;
  return !inPiece(px - 1, py) || !inPiece(px + 1, py) || !inPiece(px, py - 1) || !inPiece(px, py + 1);
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

/** Random gradient, translucent shapes, stripes and grain: a different picture every time. */
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
  const shapes = rand(10, 18);
  for (let n = 0; n < shapes; n++) {
    const color = hsl(rand(0, 360), 0.5 + rand(0, 40) / 100, 0.3 + rand(0, 50) / 100);
    const alpha = rand(25, 65) / 100;
    const cx = rand(0, w);
    const cy = rand(0, h);
    const circle = rand(0, 2) === 0;
    const r = rand(10, 45);
    const rw = rand(15, 90);
    const rh = rand(10, 60);
    for (let y = Math.max(0, cy - 60); y < Math.min(h, cy + 60); y++) {
      for (let x = Math.max(0, cx - 90); x < Math.min(w, cx + 90); x++) {
        const inside = circle ? (x - cx) ** 2 + (y - cy) ** 2 <= r * r : Math.abs(x - cx) <= rw / 2 && Math.abs(y - cy) <= rh / 2;
        if (!inside) continue;
        const i = (y * w + x) * 3;
        for (let k = 0; k < 3; k++) rgb[i + k] = rgb[i + k]! * (1 - alpha) + color[k]! * alpha;
      }
    }
  }
  const waves = rand(2, 5);
  for (let n = 0; n < waves; n++) {
    const amp = rand(5, 25);
    const base = rand(0, h);
    const freq = rand(10, 40) / 1000;
    const phase = rand(0, 628) / 100;
    const light = rand(0, 2) === 0 ? 255 : 0;
    for (let x = 0; x < w; x++) {
      const yc = Math.round(base + amp * Math.sin(x * freq + phase));
      for (let y = yc - 1; y <= yc + 1; y++) {
        if (y < 0 || y >= h) continue;
        const i = (y * w + x) * 3;
        for (let k = 0; k < 3; k++) rgb[i + k] = rgb[i + k]! * 0.6 + light * 0.4;
      }
    }
  }
  for (let i = 0; i < rgb.length; i++) rgb[i] = rgb[i]! + rand(-14, 15);
  return rgb;
}

export function renderSliderPuzzle(rand: Rand = randomInt): SliderPuzzle {
  const w = backgroundWidth;
  const rgb = paintBackground(rand);
  const x = rand(minX, backgroundWidth - pieceSize - 4 + 1);
  const y = rand(4, backgroundHeight - pieceSize - 4 + 1);

  const piece = new PNG({ width: pieceSize, height: pieceSize });
  for (let py = 0; py < pieceSize; py++) {
    for (let px = 0; px < pieceSize; px++) {
      const o = (py * pieceSize + px) * 4;
      if (!inPiece(px, py)) {
        piece.data[o + 3] = 0;
        continue;
      }
      const i = ((y + py) * w + x + px) * 3;
      const edge = isEdge(px, py);
      for (let k = 0; k < 3; k++) piece.data[o + k] = clamp(edge ? rgb[i + k]! * 0.2 + 255 * 0.8 : rgb[i + k]!);
      piece.data[o + 3] = 255;
    }
  }

  // The hole: darkened inside, a light outline, like the piece's shadow on the picture.
  for (let py = 0; py < pieceSize; py++) {
    for (let px = 0; px < pieceSize; px++) {
      if (!inPiece(px, py)) continue;
      const i = ((y + py) * w + x + px) * 3;
      const edge = isEdge(px, py);
      for (let k = 0; k < 3; k++) rgb[i + k] = edge ? rgb[i + k]! * 0.4 + 255 * 0.6 : rgb[i + k]! * 0.45;
    }
  }
  const bg = new PNG({ width: backgroundWidth, height: backgroundHeight, colorType: 2 });
  for (let p = 0; p < backgroundWidth * backgroundHeight; p++) {
    bg.data[p * 4] = clamp(rgb[p * 3]!);
    bg.data[p * 4 + 1] = clamp(rgb[p * 3 + 1]!);
    bg.data[p * 4 + 2] = clamp(rgb[p * 3 + 2]!);
    bg.data[p * 4 + 3] = 255;
  }
  return { x, y, background: PNG.sync.write(bg, { colorType: 2 }), piece: PNG.sync.write(piece) };
}
