import { expect, test } from 'vitest';
import { createRecorder, errorTimeline, percentile, summarize } from '#scripts/bench/load/stats.mjs';

test('percentile is the nearest rank of ascending samples', () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(sorted, 50)).toBe(50);
  expect(percentile(sorted, 99)).toBe(99);
  expect(percentile(sorted, 100)).toBe(100);
  expect(percentile([7], 99)).toBe(7);
  expect(percentile([], 50)).toBeNull();
  expect(percentile([1, 2, 3], 0)).toBe(1);
});

test('summarize counts ok, refused, errors by status and retries per action, and the throughput', () => {
  const r = createRecorder();
  for (let i = 1; i <= 10; i++) r.record('home', { ms: i, outcome: 'ok', status: 200 });
  r.record('book class', { ms: 5, outcome: 'refused', status: '409/CLASS_FULL' });
  r.record('book class', { ms: 6, outcome: 'error', status: 503, retried: true });
  r.record('book class', { ms: 7, outcome: 'ok', status: 200, retried: true });
  r.record('book class', { ms: 8, outcome: 'error', status: 'ECONNRESET' });
  const { rows, totals } = summarize(r, 2);
  const home = rows.find((row) => row.action === 'home');
  expect(home).toMatchObject({ count: 10, p50: 5, p99: 10, max: 10, ok: 10, errors: 0, perSecond: 5 });
  const book = rows.find((row) => row.action === 'book class');
  expect(book).toMatchObject({
    count: 4,
    ok: 1,
    refused: 1,
    errors: 2,
    retries: 2,
    retriedOk: 1,
    errorsByStatus: { '503': 1, ECONNRESET: 1 },
  });
  expect(totals).toMatchObject({ requests: 14, ok: 11, refused: 1, errors: 2, retries: 2, perSecond: 7 });
  expect(rows.map((row) => row.action)).toEqual(['book class', 'home']);
});

test('errorTimeline buckets errors by second from the start', () => {
  const t0 = 1_000_000;
  expect(errorTimeline([{ at: t0 + 100 }, { at: t0 + 900 }, { at: t0 + 2500 }], t0)).toEqual([
    { atSeconds: 0, count: 2 },
    { atSeconds: 2, count: 1 },
  ]);
});
