// The load run's arithmetic (issue 19 §2): samples per action, percentiles, error and retry counts by
// action and status, throughput. Pure: scripts/bench/load/stats.test.ts checks it.

/** The p-th percentile (nearest rank) of ascending samples; null when there are none. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Collects one record per request: the action it belongs to, its latency, and how it ended.
 * `outcome`: 'ok' (the answer the member wanted), 'refused' (a business answer a member can get and
 * the app shows, e.g. a class that filled up a moment ago: not an error), 'error' (anything else).
 */
export function createRecorder() {
  /** @type {Map<string, { ms: number[], ok: number, refused: number, errors: Map<string, number>, retries: number, retriedOk: number }>} */
  const actions = new Map();
  /** @type {{ at: number, action: string, status: string }[]} */
  const errorLog = [];
  const of = (action) => {
    let entry = actions.get(action);
    if (!entry) {
      entry = { ms: [], ok: 0, refused: 0, errors: new Map(), retries: 0, retriedOk: 0 };
      actions.set(action, entry);
    }
    return entry;
  };
  return {
    /**
     * @param {string} action
     * @param {{ ms: number, outcome: 'ok' | 'refused' | 'error', status: string | number, retried?: boolean, at?: number }} r
     */
    record(action, { ms, outcome, status, retried = false, at = Date.now() }) {
      const entry = of(action);
      entry.ms.push(ms);
      if (retried) {
        entry.retries += 1;
        if (outcome !== 'error') entry.retriedOk += 1;
      }
      if (outcome === 'ok') entry.ok += 1;
      else if (outcome === 'refused') entry.refused += 1;
      else {
        const key = String(status);
        entry.errors.set(key, (entry.errors.get(key) ?? 0) + 1);
        errorLog.push({ at, action, status: key });
      }
    },
    actions,
    errorLog,
  };
}

/**
 * The summary of a run: per action count, p50, p95, p99, max (ms), ok/refused/errors and errors by
 * status, retries; totals and requests per second over `seconds`.
 * @param {ReturnType<typeof createRecorder>} recorder
 * @param {number} seconds
 */
export function summarize(recorder, seconds) {
  const rows = [...recorder.actions.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([action, e]) => {
      const sorted = [...e.ms].sort((x, y) => x - y);
      const round = (v) => (v === null ? null : Math.round(v * 10) / 10);
      const errors = [...e.errors.values()].reduce((s, n) => s + n, 0);
      return {
        action,
        count: sorted.length,
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? null),
        ok: e.ok,
        refused: e.refused,
        errors,
        errorsByStatus: Object.fromEntries([...e.errors.entries()].sort()),
        retries: e.retries,
        retriedOk: e.retriedOk,
        perSecond: Math.round((sorted.length / seconds) * 10) / 10,
      };
    });
  const sum = (key) => rows.reduce((s, r) => s + r[key], 0);
  const requests = sum('count');
  return {
    rows,
    totals: {
      requests,
      ok: sum('ok'),
      refused: sum('refused'),
      errors: sum('errors'),
      retries: sum('retries'),
      retriedOk: sum('retriedOk'),
      perSecond: Math.round((requests / seconds) * 10) / 10,
    },
  };
}

/**
 * Errors grouped into windows of `windowMs` (the kill run: when members saw errors, and how many).
 * @param {{ at: number }[]} log
 * @param {number} startedAt
 * @param {number} windowMs
 */
export function errorTimeline(log, startedAt, windowMs = 1000) {
  const buckets = new Map();
  for (const e of log) {
    const second = Math.floor((e.at - startedAt) / windowMs);
    buckets.set(second, (buckets.get(second) ?? 0) + 1);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([window, count]) => ({ atSeconds: (window * windowMs) / 1000, count }));
}
