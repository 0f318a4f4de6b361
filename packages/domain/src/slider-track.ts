/**
 * Whether the drag that moved the slider looks like a person's. The console records the handle's offset from the
 * start (x, pixels), the pointer's height against where it was pressed (y, pixels) and the time since the press
 * (t, milliseconds) on every move. A program that knows where to drop tends to move at once, or in a straight line
 * at one speed; a hand speeds up, slows down to aim, wavers up and down and takes a few hundred milliseconds.
 * A keyboard user moves by steps of 1 or 10 pixels (shift) and presses Enter.
 */
export type TrackPoint = readonly [x: number, y: number, t: number];
export type TrackInput = 'pointer' | 'keys';

export type TrackVerdict = { human: true } | { human: false; why: TrackFault };
export type TrackFault = 'tooFew' | 'tooFast' | 'tooSlow' | 'timeBackwards' | 'notFromStart' | 'notToDrop' | 'steady' | 'noSlowdown' | 'flat' | 'keySteps';

export const trackLimits = {
  /** The fewest moves a drag has: a browser reports one every frame or so. */
  minPoints: 6,
  minMs: 300,
  maxMs: 20_000,
  /** Pixels between where the track ends and where the piece was dropped (rounding, one frame late). */
  dropSlack: 3,
  /** How far the drag's progress must stray from a steady line somewhere (fraction of the distance). */
  minBend: 0.06,
  /** The last stretch must be slower than the fastest: a hand slows down to aim. */
  endSlowdown: 0.75,
  keysMinMs: 500,
  /** Most points a track may have: a 20-second drag at 30 points a second. */
  maxPoints: 600,
} as const;

/** The track's verdict for a drop at `x`. */
export function judgeTrack(track: readonly TrackPoint[], x: number, input: TrackInput = 'pointer'): TrackVerdict {
  const no = (why: TrackFault): TrackVerdict => ({ human: false, why });
  if (track.length < (input === 'keys' ? 2 : trackLimits.minPoints)) return no('tooFew');
  for (let i = 1; i < track.length; i++) if (track[i]![2] < track[i - 1]![2]) return no('timeBackwards');
  const first = track[0]!;
  const last = track[track.length - 1]!;
  const duration = last[2] - first[2];
  if (duration < (input === 'keys' ? trackLimits.keysMinMs : trackLimits.minMs)) return no('tooFast');
  if (duration > trackLimits.maxMs) return no('tooSlow');
  if (Math.abs(first[0]) > trackLimits.dropSlack) return no('notFromStart');
  if (Math.abs(last[0] - x) > trackLimits.dropSlack) return no('notToDrop');

  if (input === 'keys') {
    for (let i = 1; i < track.length; i++) {
      const step = Math.abs(track[i]![0] - track[i - 1]![0]);
      if (step !== 0 && step !== 1 && step !== 10) return no('keySteps');
    }
    return { human: true };
  }

  const distance = last[0] - first[0];
  if (distance <= 0) return no('notToDrop');
  // Progress against time: a steady drag keeps to the diagonal.
  let bend = 0;
  for (const [px, , t] of track) bend = Math.max(bend, Math.abs((px - first[0]) / distance - (t - first[2]) / duration));
  if (bend < trackLimits.minBend) return no('steady');

  // Speed in five equal slices of time: the last must be well under the fastest.
  const slices = 5;
  const at = (t: number) => {
    let i = 0;
    while (i < track.length - 1 && track[i + 1]![2] <= t) i++;
    const a = track[i]!;
    const b = track[Math.min(i + 1, track.length - 1)]!;
    return b[2] === a[2] ? b[0] : a[0] + ((b[0] - a[0]) * (t - a[2])) / (b[2] - a[2]);
  };
  const speeds = Array.from({ length: slices }, (_, k) => {
    const t0 = first[2] + (duration * k) / slices;
    const t1 = first[2] + (duration * (k + 1)) / slices;
    return Math.abs(at(t1) - at(t0));
  });
  if (speeds[slices - 1]! > trackLimits.endSlowdown * Math.max(...speeds)) return no('noSlowdown');

  // A hand wavers: the pointer does not keep one height for the whole drag.
  const ys = track.map((p) => p[1]);
  if (Math.max(...ys) - Math.min(...ys) < 1) return no('flat');
  return { human: true };
}
