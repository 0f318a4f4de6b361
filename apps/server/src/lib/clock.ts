/**
 * The product's one clock. Every rule that depends on the date (certificate validity by the day it is signed, how
 * long a validation may be reused, a domain's expiry phases at the sandbox registry, a plan's reissue dates) reads it,
 * so a test moves the whole product to a date instead of editing rows. SQL that decides such a rule takes the
 * clock's time as a parameter instead of calling now(), so both databases see the same date.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and moves; it runs on with real time from wherever it was put (timeouts still elapse). */
export interface TestClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
  advanceDays(days: number): void;
}

export function testClock(start: Date | string = new Date()): TestClock {
  let offset = 0;
  const set = (at: Date | string) => {
    offset = new Date(at).getTime() - Date.now();
  };
  set(start);
  return {
    now: () => new Date(Date.now() + offset),
    set,
    advance(ms) {
      offset += ms;
    },
    advanceDays(days) {
      offset += days * 86_400_000;
    },
  };
}
