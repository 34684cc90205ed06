// The hot queries' plans on the running cluster (issue 19 §2): while a load runs
// (`npm run bench:load`), turns on PostgreSQL's statement log for a few seconds
// (log_min_duration_statement = 0, a reload: every open connection logs), reads back what the
// gateways executed, and for the statements that took the most time in all (and any that read a
// big table by a sequential scan) runs EXPLAIN (ANALYZE, BUFFERS) with the logged parameters of their
// slowest call, writes inside a transaction that is rolled back. Writes a Markdown report.
// Usage: node scripts/cluster/hot-plans.mjs [--seconds 15] [--top 20] [--out FILE] [--database URL] [--log FILE]
import { readFileSync, statSync, writeFileSync, openSync, readSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const SECONDS = Number(opt('seconds', 15));
const TOP = Number(opt('top', 20));
const log = (message) => console.error(`hot-plans │ ${message}`);

/** Parses PostgreSQL's text log: `duration: X ms  execute <name>: SQL` and its `DETAIL:  parameters: $1 = '…'`. */
export function parseStatementLog(text) {
  const entries = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /LOG: {2}duration: ([\d.]+) ms {2}execute [^:]*: (.*)$/.exec(lines[i]);
    if (!m) continue;
    let sql = m[2];
    // A statement over several lines continues on lines that do not start with a timestamp.
    while (i + 1 < lines.length && !/^\d{4}-\d\d-\d\d /.test(lines[i + 1])) sql += `\n${lines[++i]}`;
    let params = [];
    if (i + 1 < lines.length && /DETAIL: {2}parameters: /.test(lines[i + 1])) {
      const detail = lines[++i].replace(/^.*DETAIL: {2}parameters: /, '');
      params = [...detail.matchAll(/\$(\d+) = (NULL|'((?:[^']|'')*)')/g)].map((p) =>
        p[2] === 'NULL' ? null : p[3].replace(/''/g, "'"),
      );
    }
    entries.push({ ms: Number(m[1]), sql: sql.trim(), params });
  }
  return entries;
}

function readFrom(file, offset) {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(size - offset);
  readSync(fd, buffer, 0, buffer.length, offset);
  closeSync(fd);
  return buffer.toString('utf8');
}

async function main() {
  const state = JSON.parse(
    readFileSync(path.join(os.tmpdir(), `gym-cluster-${process.env.CLUSTER_WEB_PORT ?? '8080'}.json`), 'utf8'),
  );
  const logFile = opt('log', path.join(path.dirname(state.pgData), 'server.log'));
  const db = new pg.Client({ connectionString: opt('database', state.databaseUrl) });
  await db.connect();
  const offset = statSync(logFile).size;
  await db.query(`alter system set log_min_duration_statement = 0`);
  await db.query('select pg_reload_conf()');
  log(`statement log on for ${String(SECONDS)} s…`);
  try {
    await sleep(SECONDS * 1000);
  } finally {
    await db.query('alter system reset log_min_duration_statement');
    await db.query('select pg_reload_conf()');
  }
  const entries = parseStatementLog(readFrom(logFile, offset)).filter(
    (e) => !/pg_stat_activity|pg_database_size|^select 1$/i.test(e.sql),
  );
  const groups = new Map();
  for (const e of entries) {
    const g = groups.get(e.sql) ?? { sql: e.sql, calls: 0, totalMs: 0, maxMs: 0, slowest: e };
    g.calls += 1;
    g.totalMs += e.ms;
    if (e.ms >= g.maxMs) {
      g.maxMs = e.ms;
      g.slowest = e;
    }
    groups.set(e.sql, g);
  }
  const ranked = [...groups.values()].sort((a, b) => b.totalMs - a.totalMs);
  log(
    `${String(entries.length)} statements logged, ${String(ranked.length)} distinct; explaining the top by total time and those on big tables…`,
  );
  const { rows: big } = await db.query(
    `select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and c.reltuples > 20000`,
  );
  const bigTables = new Set(big.map((r) => r.relname));

  // The top by total time, then every other statement that names a big table (at most 40 in all).
  const touchesBig = (sql) => [...bigTables].some((t) => new RegExp(`"${t}"|\\b${t}\\b`).test(sql));
  const chosen = [...ranked.slice(0, TOP), ...ranked.slice(TOP).filter((g) => touchesBig(g.sql))].slice(0, 40);
  const report = [];
  for (const g of chosen) {
    let plan;
    try {
      await db.query('begin');
      const { rows } = await db.query(`explain (analyze, buffers) ${g.slowest.sql}`, g.slowest.params);
      plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    } catch (error) {
      plan = `(could not explain: ${error instanceof Error ? error.message : String(error)})`;
    } finally {
      await db.query('rollback');
    }
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]).filter((t) => bigTables.has(t));
    const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
    report.push({ ...g, plan, seqScans, executionMs: time ? Number(time) : null });
  }
  const md = [
    `# Hot queries under load (${new Date().toISOString()})`,
    '',
    `${String(entries.length)} statements executed by the gateways in ${String(SECONDS)} s, ${String(ranked.length)} distinct. The top ${String(TOP)} by total time, then the others that name a big table, each explained with the parameters of its slowest call (big tables: ${[...bigTables].join(', ')}).`,
    '',
    '| # | calls | total ms | mean ms | max ms | EXPLAIN ANALYZE ms | seq scan of a big table | statement |',
    '|---:|---:|---:|---:|---:|---:|---|---|',
    ...report.map(
      (r, i) =>
        `| ${String(i + 1)} | ${String(r.calls)} | ${r.totalMs.toFixed(0)} | ${(r.totalMs / r.calls).toFixed(2)} | ${r.maxMs.toFixed(1)} | ${r.executionMs === null ? 'n/a' : r.executionMs.toFixed(2)} | ${r.seqScans.join(', ') || 'none'} | \`${r.sql.replace(/\s+/g, ' ').slice(0, 140).replace(/\|/g, '\\|')}…\` |`,
    ),
    '',
    ...report.flatMap((r, i) => [
      `## ${String(i + 1)}. ${String(r.calls)} calls, ${r.totalMs.toFixed(0)} ms in all`,
      '',
      '```sql',
      r.sql,
      '```',
      '',
      `Parameters: ${JSON.stringify(r.slowest.params)}`,
      '',
      '```',
      r.plan,
      '```',
      '',
    ]),
  ].join('\n');
  const out = opt(
    'out',
    path.join(os.tmpdir(), 'gym-bench-load', `hot-plans-${new Date().toISOString().replace(/[:.]/g, '-')}.md`),
  );
  writeFileSync(out, md);
  console.log(md.split('\n## ')[0]);
  console.log(`Plans: ${out}`);
  await db.end();
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((error) => {
    console.error(`hot-plans │ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
