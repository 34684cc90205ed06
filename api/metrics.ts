// The Prometheus text format (version 0.0.4) both servers answer on /metrics (ADR 070): counters,
// histograms and gauges read when scraped. Small on purpose: no dependency, one registry a process.

type Labels = Record<string, string>;

const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escape(v)}"`).join(',')}}` : '';
};
const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

/** Seconds: from a 5 ms answer to a 10 s one. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type GaugeSample = { labels?: Labels; value: number };

export function createMetrics() {
  const blocks: (() => Promise<string[]>)[] = [];

  function counter(name: string, help: string) {
    const values = new Map<string, { labels: Labels; value: number }>();
    blocks.push(async () => [
      `# HELP ${name} ${help}`,
      `# TYPE ${name} counter`,
      ...[...values.values()].map((v) => `${name}${labelText(v.labels)} ${String(v.value)}`),
    ]);
    return {
      inc(labels: Labels = {}, by = 1) {
        const key = keyOf(labels);
        const entry = values.get(key);
        if (entry) entry.value += by;
        else values.set(key, { labels, value: by });
      },
    };
  }

  function histogram(name: string, help: string, buckets = LATENCY_BUCKETS) {
    const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
    blocks.push(async () => {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
      for (const s of series.values()) {
        buckets.forEach((le, i) =>
          lines.push(`${name}_bucket${labelText({ ...s.labels, le: String(le) })} ${String(s.counts[i])}`),
        );
        lines.push(`${name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${String(s.count)}`);
        lines.push(
          `${name}_sum${labelText(s.labels)} ${String(s.sum)}`,
          `${name}_count${labelText(s.labels)} ${String(s.count)}`,
        );
      }
      return lines;
    });
    return {
      observe(labels: Labels, value: number) {
        const key = keyOf(labels);
        let s = series.get(key);
        if (!s) series.set(key, (s = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 }));
        buckets.forEach((le, i) => {
          if (value <= le) s.counts[i]! += 1;
        });
        s.sum += value;
        s.count += 1;
      },
    };
  }

  /** A value read at scrape time (a pool's connections, a queue's length, a table's oldest row). */
  function gauge(name: string, help: string, read: () => GaugeSample[] | Promise<GaugeSample[]>) {
    blocks.push(async () => {
      let samples: GaugeSample[];
      try {
        samples = await read();
      } catch {
        return [`# HELP ${name} ${help} (not readable now)`, `# TYPE ${name} gauge`];
      }
      return [
        `# HELP ${name} ${help}`,
        `# TYPE ${name} gauge`,
        ...samples.map((s) => `${name}${labelText(s.labels ?? {})} ${String(s.value)}`),
      ];
    });
  }

  async function render() {
    const parts = await Promise.all(blocks.map((b) => b()));
    return `${parts.flat().join('\n')}\n`;
  }

  return { counter, histogram, gauge, render };
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
