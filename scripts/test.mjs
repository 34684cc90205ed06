// `npm test`: every check, in stages that keep both cores of a small machine busy (ADR 071, 076), each
// step's time printed. A stage's steps run at once; a step that runs beside others has its output
// held and printed whole when it ends. The first stage that fails ends the run, after its other steps.
//   1. Chromium present (a second).
//   2. typecheck, lint, (format check), and the one build the journeys use, at once.
//   3. the Playwright journeys against the build and, beside them at a lower CPU priority (they fill
//      the journeys' waits), the unit and gateway tests (Vitest, PGlite, a worker per core); with
//      TEST_DATABASE_URL set, the gateway tests that open a database on that PostgreSQL server
//      too (CI does this: .ci/run).
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { gatewayDatabaseTests } from './lib/database-tests.mjs';

// scripts/format-all.sh turns this on once the whole tree has been formatted (issue 40 §7).
const FORMAT_CHECK = true;

const pgUrl = process.env.TEST_DATABASE_URL;
// The Vitest step runs the gateway suite on PGlite: the PostgreSQL run is its own step.
const withoutPg = { ...process.env, TEST_DATABASE_URL: undefined };
/**
 * The Vitest steps beside the journeys run at this niceness: the journeys (Chromium, both servers) go
 * first when they need the CPU, and Vitest takes what their page loads and waits leave. Not lower: a
 * Vitest test starved for long would outlast its own timeout.
 */
const BESIDE_JOURNEYS = ['nice', '-n', '5'];

/** @typedef {{ name: string, command: string[], env?: Record<string, string | undefined> }} Step */

const databaseTests = gatewayDatabaseTests();
/**
 * With PostgreSQL there (CI), a gateway test that opens a database runs once, on PostgreSQL, the
 * engine production runs; on PGlite stay the rest and the tests that check the embedded engine itself.
 * PGlite still carries every journey (the app runs on it). Without PostgreSQL all run on PGlite (ADR 081).
 */
const onPostgresOnly = pgUrl
  ? databaseTests.withDatabase.filter((file) => !databaseTests.embeddedEngine.includes(file))
  : [];

/** @type {Step} */
const vitestPglite = {
  name: `unit and gateway tests (PGlite${onPostgresOnly.length ? `, ${onPostgresOnly.length} database files on PostgreSQL only` : ''})`,
  command: [...BESIDE_JOURNEYS, 'npx', 'vitest', 'run', ...onPostgresOnly.flatMap((file) => ['--exclude', file])],
  env: withoutPg,
};
// VITEST_ALONE=1: the Vitest step in a stage of its own before the journeys, as before ADR 076 (if a
// timing check turns out not to bear the journeys beside it, until it is fixed).
const vitestAlone = process.env.VITEST_ALONE === '1';

/** @type {Step[][]} */
const stages = [
  [{ name: 'chromium', command: ['node', 'scripts/check-chromium.mjs'] }],
  [
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
    ...(FORMAT_CHECK ? [{ name: 'format', command: ['npm', 'run', '--silent', 'format:check'] }] : []),
    { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  ],
  ...(vitestAlone ? [[{ ...vitestPglite, command: vitestPglite.command.slice(BESIDE_JOURNEYS.length) }]] : []),
  [
    { name: 'journeys (Playwright)', command: ['npx', 'playwright', 'test'], env: withoutPg },
    ...(vitestAlone ? [] : [vitestPglite]),
    ...(pgUrl
      ? [
          {
            // Every gateway file that opens a database. Two workers: run one file at a time, this step was the
            // stage's longest (1,055 s, ADR 081) while the PGlite step, now without these files, ends early.
            name: 'gateway tests on PostgreSQL',
            command: [...BESIDE_JOURNEYS, 'npx', 'vitest', 'run', ...databaseTests.withDatabase],
            env: { ...process.env, VITEST_MAX_WORKERS: '2' },
          },
        ]
      : []),
  ],
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/**
 * @param {Step} step
 * @param {boolean} live its output goes straight through; otherwise it is held until the step ends
 * @returns {Promise<{ step: Step, code: number, ms: number, output: string }>}
 */
function run(step, live) {
  const started = performance.now();
  console.log(`\n--- ${step.name}${live ? '' : ' (beside the others: its output comes when it ends)'}`);
  const env = Object.fromEntries(Object.entries(step.env ?? process.env).filter(([, v]) => v !== undefined));
  const child = spawn(step.command[0], step.command.slice(1), {
    env,
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
  });
  /** @type {Buffer[]} */
  const held = [];
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => held.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const ms = performance.now() - started;
      if (!live) {
        console.log(`\n--- ${step.name}: its output`);
        process.stdout.write(Buffer.concat(held));
      }
      const result = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`;
      console.log(`--- ${step.name}: ${result}, ${seconds(ms)}`);
      resolve({ step, code: code ?? 1, ms, output: Buffer.concat(held).toString('utf8') });
    });
  });
}

/** What a failed test runner printed about its failures (a CI log is often read from its end only). */
const FAILURE_LINE = /FAIL|Error|Timeout|timed out|^\s*→|[×✘]/;
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** @param {string} name @param {string} output */
function failureSummary(name, output) {
  const lines = output.replace(ANSI, '').split('\n');
  const failures = lines.filter((line) => FAILURE_LINE.test(line)).slice(0, 60);
  console.log(`\n--- ${name} failed; its lines that name a failure (${failures.length}):`);
  console.log(failures.join('\n'));
}

const started = performance.now();
/** @type {string[]} */
const report = [];
let failed = false;
for (const stage of stages) {
  const results = await Promise.all(stage.map((step, i) => run(step, i === 0)));
  for (const { step, code, ms } of results)
    report.push(`${seconds(ms).padStart(6)}  ${step.name}${code === 0 ? '' : '  FAILED'}`);
  for (const { step, code, output } of results) if (code !== 0 && output) failureSummary(step.name, output);
  if (results.some((r) => r.code !== 0)) {
    failed = true;
    break;
  }
}
console.log(`\nnpm test ${failed ? 'failed' : 'passed'} in ${seconds(performance.now() - started)}:`);
console.log(report.join('\n'));
process.exit(failed ? 1 : 0);
