import { PNG } from 'pngjs';

/**
 * Programs that try to solve the slider puzzle from its two pictures alone, as a bot would: each answers the left
 * edge of the piece (background pixels) it believes fits. They know the puzzle's geometry (the piece's row, its
 * size, the background's size) and nothing of how the server draws it; they are written as well as their method
 * allows, to measure how often the puzzle stops them (session-captcha.test.ts).
 */
export interface Puzzle {
  bg: PNG;
  piece: PNG;
  y: number;
}

export function readPuzzle(background: string, piece: string, y: number): Puzzle {
  const png = (u: string) => PNG.sync.read(Buffer.from(u.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return { bg: png(background), piece: png(piece), y };
}

interface Gray {
  w: number;
  h: number;
  v: Float32Array;
}

const lum = (d: Buffer, o: number) => 0.299 * d[o]! + 0.587 * d[o + 1]! + 0.114 * d[o + 2]!;

function grayOf(p: PNG): Gray {
  const v = new Float32Array(p.width * p.height);
  for (let i = 0; i < v.length; i++) v[i] = lum(p.data, i * 4);
  return { w: p.width, h: p.height, v };
}

function blur(g: Gray, sigma: number): Gray {
  const r = Math.ceil(sigma * 3);
  const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0);
  const tmp = new Float32Array(g.v.length);
  const out = new Float32Array(g.v.length);
  const at = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += k[i + r]! * g.v[y * g.w + at(x + i, 0, g.w - 1)]!;
      tmp[y * g.w + x] = s / sum;
    }
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += k[i + r]! * tmp[at(y + i, 0, g.h - 1) * g.w + x]!;
      out[y * g.w + x] = s / sum;
    }
  return { w: g.w, h: g.h, v: out };
}

/** Sobel gradients (OpenCV's 3x3 kernels). */
function sobel(g: Gray): { gx: Float32Array; gy: Float32Array; mag: Float32Array } {
  const { w, h, v } = g;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const mag = new Float32Array(w * h);
  const p = (x: number, y: number) => v[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const a = p(x + 1, y - 1) + 2 * p(x + 1, y) + p(x + 1, y + 1) - p(x - 1, y - 1) - 2 * p(x - 1, y) - p(x - 1, y + 1);
      const b = p(x - 1, y + 1) + 2 * p(x, y + 1) + p(x + 1, y + 1) - p(x - 1, y - 1) - 2 * p(x, y - 1) - p(x + 1, y - 1);
      gx[y * w + x] = a;
      gy[y * w + x] = b;
      mag[y * w + x] = Math.hypot(a, b);
    }
  return { gx, gy, mag };
}

/** Canny: Gaussian blur, Sobel, non-maximum suppression, hysteresis. Thresholds on the Sobel magnitude. */
function canny(g: Gray, low: number, high: number): Uint8Array {
  const { w, h } = g;
  const { gx, gy, mag } = sobel(blur(g, 1));
  const thin = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const m = mag[i]!;
      if (m < low) continue;
      const angle = ((Math.atan2(gy[i]!, gx[i]!) * 180) / Math.PI + 180) % 180;
      const [dx, dy] = angle < 22.5 || angle >= 157.5 ? [1, 0] : angle < 67.5 ? [1, 1] : angle < 112.5 ? [0, 1] : [-1, 1];
      if (m >= mag[i + dy * w + dx]! && m >= mag[i - dy * w - dx]!) thin[i] = m;
    }
  const edges = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let i = 0; i < w * h; i++)
    if (thin[i]! >= high && !edges[i]) {
      edges[i] = 1;
      stack.push(i);
      while (stack.length) {
        const j = stack.pop()!;
        const x = j % w;
        const y = (j - x) / w;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
            const k = ny * w + nx;
            if (!edges[k] && thin[k]! >= low) {
              edges[k] = 1;
              stack.push(k);
            }
          }
      }
    }
  return edges;
}

/** The piece's shape from its transparency, its outline, and the outward normal at each outline pixel. */
function shapeOf(piece: PNG) {
  const n = piece.width;
  const m = piece.height;
  const mask = new Uint8Array(n * m);
  for (let i = 0; i < n * m; i++) mask[i] = piece.data[i * 4 + 3]! >= 128 ? 1 : 0;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= n || y >= m ? 0 : mask[y * n + x]!);
  const outline: { x: number; y: number; nx: number; ny: number }[] = [];
  for (let y = 0; y < m; y++)
    for (let x = 0; x < n; x++) {
      if (!at(x, y) || (at(x - 1, y) && at(x + 1, y) && at(x, y - 1) && at(x, y + 1))) continue;
      // Outward normal: towards where the mask is not, averaged over a 5x5 window.
      let nx = 0;
      let ny = 0;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (!at(x + dx, y + dy)) {
            nx += dx;
            ny += dy;
          }
      const len = Math.hypot(nx, ny) || 1;
      outline.push({ x, y, nx: nx / len, ny: ny / len });
    }
  const eroded = (r: number) => {
    const e = new Uint8Array(n * m);
    for (let y = 0; y < m; y++)
      for (let x = 0; x < n; x++) {
        let all = 1;
        for (let dy = -r; dy <= r && all; dy++) for (let dx = -r; dx <= r && all; dx++) all = at(x + dx, y + dy);
        e[y * n + x] = all;
      }
    return e;
  };
  return { n, m, mask, outline, eroded };
}

const candidates = (p: Puzzle) => {
  const xs: number[] = [];
  // The piece starts over the left edge; the answer lies right of where it starts.
  for (let x = 10; x <= p.bg.width - p.piece.width; x++) xs.push(x);
  return xs;
};
const best = (xs: number[], score: (x: number) => number) => xs.reduce((a, b) => (score(b) > score(a) ? b : a));
const sampler = (g: Gray) => (x: number, y: number) => {
  const xi = Math.min(g.w - 1, Math.max(0, Math.round(x)));
  const yi = Math.min(g.h - 1, Math.max(0, Math.round(y)));
  return g.v[yi * g.w + xi]!;
};

function ncc(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sa = 0;
  let sb = 0;
  const n = a.length;
  for (let i = 0; i < n; i++) {
    sa += a[i]!;
    sb += b[i]!;
  }
  const ma = sa / n;
  const mb = sb / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    const u = a[i]! - ma;
    const v = b[i]! - mb;
    num += u * v;
    da += u * u;
    db += v * v;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

/** The background window under the piece's box at x, from a per-pixel map of the background. */
function windowOf(map: ArrayLike<number>, bgWidth: number, x: number, y: number, n: number, m: number): Float32Array {
  const out = new Float32Array(n * m);
  for (let py = 0; py < m; py++) for (let px = 0; px < n; px++) out[py * n + px] = map[(y + py) * bgWidth + x + px]!;
  return out;
}

/**
 * 1. The solver: the hole is the picture under the piece darkened by some factor, so at the right place the
 * background is the piece's pixels times one gain per channel. Least-squares gain, smallest residual wins.
 */
export function ratioSolver(p: Puzzle): number {
  const s = shapeOf(p.piece);
  const inner = s.eroded(3);
  const px: number[] = [];
  for (let i = 0; i < inner.length; i++) if (inner[i]) px.push(i);
  return best(candidates(p), (x) => {
    let residual = 0;
    let energy = 0;
    for (let c = 0; c < 3; c++) {
      let bp = 0;
      let pp = 0;
      for (const i of px) {
        const b = p.bg.data[((p.y + Math.floor(i / s.n)) * p.bg.width + x + (i % s.n)) * 4 + c]!;
        const q = p.piece.data[i * 4 + c]!;
        bp += b * q;
        pp += q * q;
      }
      const k = pp ? bp / pp : 0;
      for (const i of px) {
        const b = p.bg.data[((p.y + Math.floor(i / s.n)) * p.bg.width + x + (i % s.n)) * 4 + c]!;
        residual += (b - k * p.piece.data[i * 4 + c]!) ** 2;
        energy += b * b;
      }
    }
    return -residual / (energy || 1);
  });
}

/**
 * 2. What bot kits do: Canny edges of the background against Canny edges of the piece (its outline and rim),
 * normalised cross-correlation along the row. Tried with fixed thresholds and with thresholds from the image's own
 * gradient statistics; the stronger peak wins.
 */
export function cannyTemplateSolver(p: Puzzle): number {
  const bgGray = grayOf(p.bg);
  // The piece over mid grey, as a browser or an image library flattens it.
  const flat = new PNG({ width: p.piece.width, height: p.piece.height });
  for (let i = 0; i < p.piece.width * p.piece.height; i++) {
    const a = p.piece.data[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) flat.data[i * 4 + c] = p.piece.data[i * 4 + c]! * a + 128 * (1 - a);
    flat.data[i * 4 + 3] = 255;
  }
  const pieceGray = grayOf(flat);
  const mags = Array.from(sobel(blur(bgGray, 1)).mag).sort((a, b) => a - b);
  const median = mags[Math.floor(mags.length / 2)]!;
  let guess = 0;
  let top = -Infinity;
  for (const [low, high] of [
    [100, 200],
    [0.66 * median, 1.33 * median],
    [mags[Math.floor(mags.length * 0.8)]!, mags[Math.floor(mags.length * 0.93)]!],
  ] as const) {
    const e = canny(bgGray, low, high);
    const t = canny(pieceGray, 100, 200);
    for (const x of candidates(p)) {
      const v = ncc(t, windowOf(e, p.bg.width, x, p.y, p.piece.width, p.piece.height));
      if (v > top) {
        top = v;
        guess = x;
      }
    }
  }
  return guess;
}

/**
 * 3. A tolerant edge template: Sobel magnitude of the blurred background against the piece's outline widened by
 * three pixels, so a soft or slightly displaced edge still counts. Two blur scales.
 */
export function softEdgeSolver(p: Puzzle): number {
  return tolerantEdges(p, (sigma) => sobel(blur(grayOf(p.bg), sigma)).mag);
}

function tolerantEdges(p: Puzzle, edgesAt: (sigma: number) => Float32Array): number {
  const s = shapeOf(p.piece);
  const t = new Float32Array(s.n * s.m);
  for (const o of s.outline)
    for (let dy = -3; dy <= 3; dy++)
      for (let dx = -3; dx <= 3; dx++) {
        const xx = o.x + dx;
        const yy = o.y + dy;
        if (xx >= 0 && yy >= 0 && xx < s.n && yy < s.m && dx * dx + dy * dy <= 9) t[yy * s.n + xx] = 1;
      }
  let guess = 0;
  let top = -Infinity;
  for (const sigma of [1, 2]) {
    const mag = edgesAt(sigma);
    for (const x of candidates(p)) {
      const v = ncc(t, windowOf(mag, p.bg.width, x, p.y, s.n, s.m));
      if (v > top) {
        top = v;
        guess = x;
      }
    }
  }
  return guess;
}

/**
 * 4. Edge detection on the darkening: across the piece's outline, how much darker the inside is than the outside,
 * measured along each outline normal (signed: a hole is darker inside), on the blurred background.
 */
export function outlineStepSolver(p: Puzzle): number {
  const s = shapeOf(p.piece);
  const at = sampler(blur(grayOf(p.bg), 1));
  return best(candidates(p), (x) => {
    let sum = 0;
    for (const o of s.outline) sum += at(x + o.x + 3 * o.nx, p.y + o.y + 3 * o.ny) - at(x + o.x - 3 * o.nx, p.y + o.y - 3 * o.ny);
    return sum / s.outline.length;
  });
}

/**
 * 5. Difference of columns: the mean of each column over the piece's middle rows; a hole is a stretch of darker
 * columns as wide as the piece's body with a step down at its left and up at its right.
 */
export function columnSolver(p: Puzzle): number {
  const s = shapeOf(p.piece);
  const g = blur(grayOf(p.bg), 1);
  // The body's rows and columns: where the shape is widest.
  const rows: number[] = [];
  let left = s.n;
  let right = 0;
  for (let y = 0; y < s.m; y++) {
    let count = 0;
    for (let x = 0; x < s.n; x++) count += s.mask[y * s.n + x]!;
    if (count > s.n * 0.5) rows.push(y);
  }
  for (const y of rows)
    for (let x = 0; x < s.n; x++)
      if (s.mask[y * s.n + x]) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  const col = new Float32Array(g.w);
  for (let x = 0; x < g.w; x++) {
    let sum = 0;
    for (const r of rows) sum += g.v[(p.y + r) * g.w + x]!;
    col[x] = sum / (rows.length || 1);
  }
  const mean = (a: number, b: number) => {
    let sum = 0;
    let k = 0;
    for (let x = Math.max(0, a); x < Math.min(g.w, b); x++) {
      sum += col[x]!;
      k++;
    }
    return k ? sum / k : 0;
  };
  return best(candidates(p), (x) => {
    const l = x + left;
    const r = x + right;
    const outside = (mean(l - 5, l) + mean(r + 1, r + 6)) / 2;
    const inside = mean(l + 4, r - 3);
    const steps = col[Math.max(0, l - 2)]! - col[Math.min(g.w - 1, l + 2)]! + col[Math.min(g.w - 1, r + 2)]! - col[Math.max(0, r - 2)]!;
    return outside - inside + steps / 2;
  });
}

/** 6. The hole as a region: normalised correlation of the piece's shape with the darkness of the blurred background. */
export function regionSolver(p: Puzzle): number {
  const s = shapeOf(p.piece);
  const g = blur(grayOf(p.bg), 1.5);
  const dark = g.v.map((v) => -v);
  const t = Float32Array.from(s.mask);
  return best(candidates(p), (x) => ncc(t, windowOf(dark, p.bg.width, x, p.y, s.n, s.m)));
}

/**
 * 7. Continuation: the piece's picture just inside its outline should go on in the background just outside the
 * hole. Gain per channel fitted, smallest residual wins.
 */
export function continuitySolver(p: Puzzle): number {
  const s = shapeOf(p.piece);
  const pairs = s.outline.map((o) => ({ ix: Math.round(o.x - 4 * o.nx), iy: Math.round(o.y - 4 * o.ny), ox: o.x + 4 * o.nx, oy: o.y + 4 * o.ny }));
  const inside = pairs.filter((q) => q.ix >= 0 && q.iy >= 0 && q.ix < s.n && q.iy < s.m && p.piece.data[(q.iy * s.n + q.ix) * 4 + 3] === 255);
  return best(candidates(p), (x) => {
    let residual = 0;
    for (let c = 0; c < 3; c++) {
      const a: number[] = [];
      const b: number[] = [];
      for (const q of inside) {
        const bx = Math.min(p.bg.width - 1, Math.max(0, Math.round(x + q.ox)));
        const by = Math.min(p.bg.height - 1, Math.max(0, Math.round(p.y + q.oy)));
        a.push(p.piece.data[(q.iy * s.n + q.ix) * 4 + c]!);
        b.push(p.bg.data[(by * p.bg.width + bx) * 4 + c]!);
      }
      residual += 1 - ncc(a, b);
    }
    return -residual;
  });
}

export const solvers = {
  ratio: ratioSolver,
  cannyTemplate: cannyTemplateSolver,
  softEdge: softEdgeSolver,
  outlineStep: outlineStepSolver,
  columns: columnSolver,
  region: regionSolver,
  continuity: continuitySolver,
} as const;
export type SolverName = keyof typeof solvers | 'vote';

/**
 * Every solver's guess, and the vote of all of them: the guess most of them agree on (within the server's
 * tolerance), the Canny template's when none agree.
 */
export function solveAll(p: Puzzle, tolerance: number): Record<SolverName, number> {
  const guesses = Object.fromEntries(Object.entries(solvers).map(([name, solve]) => [name, solve(p)])) as Record<keyof typeof solvers, number>;
  const all = Object.values(guesses);
  let vote = guesses.cannyTemplate;
  let most = 1;
  for (const g of all) {
    const agree = all.filter((h) => Math.abs(h - g) <= tolerance).length;
    if (agree > most) {
      most = agree;
      vote = g;
    }
  }
  return { ...guesses, vote };
}
