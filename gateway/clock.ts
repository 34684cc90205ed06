/** Time source; tests pass a clock they can move forward. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export type ManualClock = Clock & { set(date: Date): void; advance(ms: number): void };

export function manualClock(start = new Date('2026-11-21T03:00:00Z')): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
