import { useT } from '#app/i18n.ts';
import type { Change, ChartView } from './inbody.server.ts';

// Issue 14 §3: the InBody tab's pictures, drawn as SVG by the server (ADR 043): they cost no
// JavaScript, show before any script runs, keep their size (no layout shift) and read the same with
// JavaScript off. Each chart carries its numbers as a table for screen readers.

const W = 320;
const H = 150;
const PAD = { left: 34, right: 10, top: 12, bottom: 22 };

/** A measure over the scans: a line with its points, the first and last values written, the dates below. */
export function LineChart({ chart, title }: { chart: ChartView; title: string }) {
  const { t } = useT();
  const unit = t(`inbody.unit.${chart.unit}`);
  if (chart.points.length < 2) return <p className="muted small chart-placeholder">{t('inbody.onlyOne')}</p>;
  const values = chart.points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const low = min - span * 0.15;
  const high = max + span * 0.15;
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / (chart.points.length - 1);
  const y = (v: number) => PAD.top + ((high - v) * (H - PAD.top - PAD.bottom)) / (high - low);
  const line = chart.points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.value).toFixed(1)}`).join(' ');
  // Dates with their year (the scans span years, issue 37 item 18) are twice as wide: half as many fit.
  const labelEvery = Math.ceil(chart.points.length / (chart.withYear ? 3 : 6));
  return (
    <figure className="inbody-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="chart-axis" />
        <text x={PAD.left - 4} y={y(max) + 4} className="chart-tick" textAnchor="end">
          {chart.points.find((p) => p.value === max)!.text}
        </text>
        <text x={PAD.left - 4} y={y(min) + 4} className="chart-tick" textAnchor="end">
          {chart.points.find((p) => p.value === min)!.text}
        </text>
        <path d={line} className="chart-line" />
        {chart.points.map((p, i) => (
          <circle
            key={i}
            cx={x(i)}
            cy={y(p.value)}
            r={i === chart.points.length - 1 ? 4.5 : 3}
            className={i === chart.points.length - 1 ? 'chart-dot chart-dot-last' : 'chart-dot'}
          />
        ))}
        {chart.points.map((p, i) =>
          i % labelEvery === 0 || i === chart.points.length - 1 ? (
            <text
              key={`d${i}`}
              x={x(i)}
              y={H - 6}
              className="chart-tick"
              textAnchor={i === 0 ? 'start' : i === chart.points.length - 1 ? 'end' : 'middle'}
            >
              {p.label}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('inbody.chartDate')}</th>
              <th scope="col">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {chart.points.map((p, i) => (
              <tr key={i}>
                <td>{p.label}</td>
                <td>{p.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}

/** The change from the previous scan, with its arrow (§2 "increase or decrease arrow"). */
export function ChangeText({ change }: { change: Change }) {
  const { t } = useT();
  if (!change) return null;
  const arrow = change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : '•';
  return (
    <span className={`inbody-change inbody-change-${change.direction}`}>
      <span aria-hidden="true">{arrow} </span>
      {change.direction === 'same' ? t('inbody.same') : t(`inbody.${change.direction}`, { value: change.text })}
    </span>
  );
}
