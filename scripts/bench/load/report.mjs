// The load run's Markdown summary (beside summary.json in the results folder).
import { mdTable } from '../format.mjs';

const n = (v) => (v === null || v === undefined ? 'n/a' : String(v));
const msCell = (v) => (v === null || v === undefined ? 'n/a' : `${v.toFixed(v < 10 ? 1 : 0)}`);

export function renderMarkdown(r) {
  const lines = [];
  lines.push(`# Load run ${r.label} (${r.startedAt})`, '');
  lines.push(
    `${String(r.options.members)} members, ${String(r.options.durationSeconds)} s (think ${String(r.options.thinkSeconds)} s, ramp ${String(Math.round(r.options.rampSeconds))} s${r.options.chaos ? ', kills' : ''}), ` +
      `${String(r.membersSignedIn)} signed in; ${String(r.totals.requests)} requests in ${String(r.seconds)} s = **${String(r.totals.perSecond)} req/s**; ` +
      `errors **${String(r.totals.errors)}**, business refusals ${String(r.totals.refused)}, retries ${String(r.totals.retries)} (${String(r.totals.retriedOk)} succeeded on retry).`,
    '',
    `Machine: ${String(r.machine.cores)} cores; before: \`${r.machine.uptimeBefore}\`; after: \`${r.machine.uptimeAfter}\``,
    '',
  );
  lines.push(
    mdTable(
      ['action', 'n', '/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'refused', 'errors (status)', 'retries'],
      r.rows.map((row) => [
        row.action,
        String(row.count),
        String(row.perSecond),
        msCell(row.p50),
        msCell(row.p95),
        msCell(row.p99),
        msCell(row.max),
        String(row.refused),
        row.errors === 0
          ? '0'
          : `${String(row.errors)} (${Object.entries(row.errorsByStatus)
              .map(([s, c]) => `${s}×${String(c)}`)
              .join(', ')})`,
        row.retries === 0 ? '0' : `${String(row.retries)} (${String(row.retriedOk)} ok)`,
      ]),
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left', 'left'],
    ),
    '',
  );
  lines.push(
    `Told members: ${Object.entries(r.told)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ')}.`,
    '',
  );
  if (r.cpuCores)
    lines.push(
      `CPU (cores, steady state after the ramp): ${Object.entries(r.cpuCores)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ')}.`,
      '',
    );
  const conns = r.samples
    .filter((s) => s.connections)
    .map((s) => Object.values(s.connections).reduce((a, b) => a + b, 0));
  if (conns.length > 0)
    lines.push(
      `PostgreSQL connections to the database (every 5 s): max ${String(Math.max(...conns))}, median ${String(conns.sort((a, b) => a - b)[Math.floor(conns.length / 2)])}.`,
      '',
    );
  if (r.database)
    lines.push(
      `Database: ${String(r.database.sizeMB)} MB; ${String(r.database.members)} members, ${String(r.database.contracts)} contracts, ${String(r.database.visits)} visits, ${String(r.database.notifications)} notifications.`,
      '',
    );
  if (r.chaos.length > 0) {
    lines.push('## Kills', '');
    lines.push(
      mdTable(
        [
          'event',
          'at s',
          'checks failing after ms',
          'HAProxy out after ms',
          'listening again ms',
          'HAProxy back ms',
          'restart ms',
        ],
        r.chaos.map((e) => [
          e.event,
          n(e.atSeconds),
          n(e.checksFailingMs),
          n(e.haproxyMarkedDownMs),
          n(e.restartedListeningMs),
          n(e.haproxyBackUpMs),
          n(e.restartMs),
        ]),
      ),
      '',
    );
    lines.push(
      `Errors by second of the run: ${r.errorTimeline.map((b) => `${String(b.atSeconds)} s: ${String(b.count)}`).join('; ') || 'none'}.`,
      '',
    );
  }
  if (r.integrity?.error) lines.push(`End checks failed to run: ${r.integrity.error}`, '');
  if (r.integrity && !r.integrity.error) {
    lines.push('## End checks (SQL)', '');
    lines.push(
      mdTable(
        ['nothing doubled', 'violations'],
        r.integrity.doubled.map((d) => [d.check, String(d.violations)]),
      ),
      '',
    );
    lines.push(
      mdTable(
        ['nothing lost', 'told', 'found', 'missing'],
        r.integrity.lost.map((l) => [l.check, String(l.toldMembers), String(l.found), String(l.missing)]),
      ),
      '',
    );
    lines.push(
      `Bank/VNPAY events left for staff review in this run: ${JSON.stringify(r.integrity.paymentEventsNeedingReview)}. **${r.integrity.ok ? 'All checks pass.' : 'CHECKS FAILED.'}**`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
