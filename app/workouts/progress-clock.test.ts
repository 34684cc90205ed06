import { describe, expect, it } from 'vitest';
import { onServerClock } from './progress-clock.ts';

const now = new Date('2026-11-26T10:00:00.000Z');
const events = [
  { id: 'a', at: '2026-11-26T10:25:00.000Z' },
  { id: 'b', at: '2026-11-26T10:29:00.000Z' },
];

describe('workout events on the server clock', () => {
  it('a phone 30 minutes fast: its events move back by 30 minutes, in the same order and spacing', () => {
    expect(onServerClock(events, '2026-11-26T10:30:00.000Z', now)).toEqual([
      { id: 'a', at: '2026-11-26T09:55:00.000Z' },
      { id: 'b', at: '2026-11-26T09:59:00.000Z' },
    ]);
  });

  it('a phone 2 hours slow: its events move forward', () => {
    expect(onServerClock([{ id: 'c', at: '2026-11-26T07:50:00.000Z' }], '2026-11-26T08:00:00.000Z', now)).toEqual([
      { id: 'c', at: '2026-11-26T09:50:00.000Z' },
    ]);
  });

  it('without a readable sentAt (an older page, garbage) the events are left as sent', () => {
    for (const sentAt of [undefined, null, 42, 'yesterday', ''])
      expect(onServerClock(events, sentAt, now)).toEqual(events);
  });
});
