import { describe, expect, it } from 'vitest';
import { judgeTrack, type TrackPoint } from '../src/slider-track.ts';
import { humanTrack } from './human-drag.ts';

/** A drag to x over `ms`, a point every 16 ms, progress by `ease`, height by `wobble`. */
const drag = (x: number, ms: number, ease: (s: number) => number, wobble: (i: number) => number = () => 0): TrackPoint[] => {
  const points: TrackPoint[] = [];
  for (let t = 0, i = 0; t <= ms; t += 16, i++) points.push([Math.round(x * ease(t / ms)), wobble(i), t]);
  if (points.at(-1)![2] !== ms) points.push([x, wobble(points.length), ms]);
  return points;
};
const easeOut = (s: number) => 1 - (1 - s) ** 3;
const wobble = (i: number) => [0, 1, 1, 0, -1, 0, 2][i % 7]!;

describe('judgeTrack', () => {
  it('passes a hand: 200 drags with acceleration, slowing down, wavering, 0.5–1.3 s', () => {
    for (let i = 0; i < 200; i++) {
      const x = 64 + Math.floor(Math.random() * 197);
      expect(judgeTrack(humanTrack(x), x)).toEqual({ human: true });
    }
    expect(judgeTrack(drag(180, 900, easeOut, wobble), 180)).toEqual({ human: true });
    // An S-curve (slow start, fast middle, slow end) too.
    expect(judgeTrack(drag(150, 1100, (s) => s * s * (3 - 2 * s), wobble), 150)).toEqual({ human: true });
  });

  it('fails a straight drag at one speed, however long and however wavering', () => {
    expect(judgeTrack(drag(180, 900, (s) => s, wobble), 180)).toEqual({ human: false, why: 'steady' });
    expect(judgeTrack(drag(120, 3000, (s) => s, wobble), 120)).toEqual({ human: false, why: 'steady' });
  });

  it('fails an instant drop, and one over in a flash', () => {
    expect(judgeTrack([[0, 0, 0], [180, 0, 1]], 180)).toEqual({ human: false, why: 'tooFew' });
    expect(judgeTrack([], 180)).toEqual({ human: false, why: 'tooFew' });
    expect(judgeTrack(drag(180, 120, easeOut, wobble), 180)).toEqual({ human: false, why: 'tooFast' });
  });

  it('fails a drag that speeds up to the end, keeps one height, or is endless', () => {
    expect(judgeTrack(drag(180, 900, (s) => s * s, wobble), 180)).toEqual({ human: false, why: 'noSlowdown' });
    expect(judgeTrack(drag(180, 900, easeOut), 180)).toEqual({ human: false, why: 'flat' });
    expect(judgeTrack(drag(180, 25_000, easeOut, wobble), 180)).toEqual({ human: false, why: 'tooSlow' });
  });

  it('fails a track that does not belong to the drop: elsewhere, not from the start, time running back', () => {
    const track = humanTrack(180);
    expect(judgeTrack(track, 200)).toEqual({ human: false, why: 'notToDrop' });
    expect(judgeTrack(track.map(([x, y, t]) => [x + 30, y, t] as const), 210)).toEqual({ human: false, why: 'notFromStart' });
    const backwards = [...track];
    [backwards[3], backwards[4]] = [backwards[4]!, backwards[3]!];
    expect(judgeTrack(backwards, 180)).toEqual({ human: false, why: 'timeBackwards' });
  });

  it('passes the keyboard by steps of 1 and 10 over half a second or more, and nothing else', () => {
    const keys: TrackPoint[] = [[0, 0, 0], [10, 0, 180], [20, 0, 350], [30, 0, 520], [31, 0, 700], [32, 0, 840]];
    expect(judgeTrack(keys, 32, 'keys')).toEqual({ human: true });
    expect(judgeTrack([[0, 0, 0], [32, 0, 800]], 32, 'keys')).toEqual({ human: false, why: 'keySteps' });
    expect(judgeTrack(keys.map(([x, y, t]) => [x, y, t / 4] as const), 32, 'keys')).toEqual({ human: false, why: 'tooFast' });
  });
});
