import type { TrackPoint } from '../src/slider-track.ts';

/**
 * A drag to `x` as a hand makes one, for tests that stand in for a person at the slider (the answer read from the
 * puzzle's row): 0.5–1.3 s, fast at first and slowing to aim, a point every frame or so, the pointer wandering a
 * pixel or two up and down. The e2e harness drives the mouse along it; API tests send it as it is.
 */
export function humanTrack(x: number, rand: () => number = Math.random): TrackPoint[] {
  const duration = 500 + rand() * 800;
  const points: TrackPoint[] = [[0, 0, 0]];
  let t = 0;
  let y = 0;
  for (;;) {
    t += 12 + rand() * 10;
    if (t >= duration) break;
    const s = t / duration;
    // Ease out: most of the way early, the last pixels slowly; a little overshoot-free wobble.
    const progress = 1 - (1 - s) ** 3;
    y = Math.max(-3, Math.min(3, y + (rand() < 0.3 ? (rand() < 0.5 ? -1 : 1) : 0)));
    points.push([Math.round(x * progress + (rand() - 0.5)), y, Math.round(t)]);
  }
  if (points.length < 2 || points[1]![1] === 0) points.splice(1, 0, [Math.round(x * 0.02), 1, 8]);
  points.push([x, y, Math.round(duration)]);
  return points;
}
