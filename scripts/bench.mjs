// `npm run bench` (ARCHITECTURE §9): starts an isolated system (own ports, own database in a
// temporary folder), runs the sections of scripts/bench/index.mjs one after another, prints the
// Markdown report on stdout (progress goes to stderr) and keeps JSON, Markdown and the Lighthouse
// HTML reports in bench-results/<timestamp>/. Exits 0 when targets are missed (each one is
// printed as "MISSED: …"), 1 when the bench itself could not run.
//
//   npm run bench                       all routes, 3 Lighthouse runs each
//   npm run bench -- --routes=/login,/landing --runs=1
//   npm run bench -- --sections=ssr     one section only (ids in scripts/bench/index.mjs)
//   npm run bench -- --sections=ssr --profile
//                                       also CPU-profiles the web server and the gateway; summarize
//                                       with node scripts/bench/profile-summary.mjs <file.cpuprofile>
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/build-if-needed.mjs';
import { startSystem } from './lib/system.mjs';
import { SECTIONS } from './bench/index.mjs';
import { stopBrowsers } from './bench/lighthouse.mjs';
import { ROUTES } from './bench/routes.mjs';

const USAGE = `Usage: npm run bench -- [--routes=/landing,/login] [--runs=3] [--sections=pages,ssr] [--profile]
  --routes    comma-separated paths among: ${ROUTES.map((r) => r.path).join(', ')} (default: all)
  --runs      Lighthouse runs per route, the median is reported (default: 3)
  --sections  comma-separated section ids among: ${SECTIONS.map((s) => s.id).join(', ')} (default: all)
  --profile   CPU-profile the main system's web server and gateway (V8 .cpuprofile files in the results folder)`;

/** @returns {{ routes: readonly import('./bench/routes.mjs').BenchRoute[], runs: number, sections: ReadonlySet<string>, profile: boolean }} */
function options(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      routes: { type: 'string' },
      runs: { type: 'string' },
      sections: { type: 'string' },
      profile: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  let routes = ROUTES;
  if (values.routes !== undefined) {
    const wanted = values.routes
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const unknown = wanted.filter((p) => !ROUTES.some((r) => r.path === p));
    if (unknown.length || !wanted.length) {
      throw new Error(
        `Unknown route ${unknown.join(', ') || '(none given)'}: add it to ROUTES in scripts/bench/routes.mjs.`,
      );
    }
    routes = wanted.map(
      (p) => /** @type {import('./bench/routes.mjs').BenchRoute} */ (ROUTES.find((r) => r.path === p)),
    );
  }
  const runs = values.runs === undefined ? 3 : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20)
    throw new Error(`--runs must be a whole number from 1 to 20, not ${values.runs}`);
  const sections = new Set(
    values.sections === undefined ? SECTIONS.map((s) => s.id) : values.sections.split(',').map((id) => id.trim()),
  );
  const unknownSections = [...sections].filter((id) => !SECTIONS.some((s) => s.id === id));
  if (unknownSections.length || !sections.size)
    throw new Error(`Unknown section ${unknownSections.join(', ') || '(none given)'}`);
  return { routes, runs, sections, profile: values.profile === true };
}

const log = (/** @type {string} */ message) => process.stderr.write(`[bench] ${message}\n`);

let opts;
try {
  opts = options(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
  process.exit(2);
}

const startedAt = new Date();
const loadAtStart = os.loadavg().map((n) => n.toFixed(1));
const stamp = startedAt
  .toISOString()
  .replace(/\.\d+Z$/, 'Z')
  .replace(/:/g, '-');
const outDir = path.join(ROOT, 'bench-results', stamp);
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gym-bench-'));

/** @type {import('./lib/system.mjs').RunningSystem | undefined} */
let system;
let cleaning;
const cleanUp = () =>
  (cleaning ??= (async () => {
    stopBrowsers();
    await system?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  })());

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Starts the isolated system (same data folder each time); builds first when the sources changed. */
async function start() {
  for (let attempt = 1; ; attempt++) {
    log('starting an isolated system (builds first when the sources changed)…');
    const t0 = Date.now();
    try {
      const started = await startSystem({
        webPort: 0,
        gatewayPort: 0,
        dataDir,
        quiet: true,
        logFile: path.join(outDir, 'servers.log'),
        profileDir: opts.profile ? path.join(outDir, 'profiles') : undefined,
      });
      log(
        `system up in ${((Date.now() - t0) / 1000).toFixed(1)} s: web ${started.webUrl}, gateway ${started.gatewayUrl}`,
      );
      return started;
    } catch (error) {
      // build/ is shared: a build started elsewhere (plain `npm run build` takes no lock) empties it
      // for a while. Wait and try again; startSystem rebuilds if what is left is stale.
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 3 || !/Cannot find module '[^']*\/build\/|ENOENT[^\n]*\/build\//.test(message)) throw error;
      log(`build/ was incomplete (another build running?): trying again in 10 s`);
      await sleep(10_000);
    }
  }
}

const restartSystem = async () => {
  await system?.stop();
  system = undefined;
  system = await start();
  return system;
};

/** @type {Record<string, unknown>} */
const data = {};
/** @type {string[]} */
const parts = [`# Bench ${stamp}`];
/** @type {string[]} */
const missed = [];
/** @type {string[]} */
const notYet = [];
let failed = false;

try {
  system = await start();

  for (const section of SECTIONS.filter((s) => opts.sections.has(s.id))) {
    if (!section.run) {
      notYet.push(section.title);
      continue;
    }
    const t = Date.now();
    log(`— ${section.title}`);
    const result = await section.run({ system, restartSystem, routes: opts.routes, runs: opts.runs, outDir, log });
    log(`— ${section.title}: ${((Date.now() - t) / 1000).toFixed(0)} s`);
    parts.push(`## ${section.title}`, result.markdown);
    data[section.id] = result.data;
    missed.push(...result.missed);
  }
} catch (error) {
  failed = true;
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`\nThe bench could not run: ${message}`);
  parts.push(`**The bench stopped with an error:** ${error instanceof Error ? error.message : error}`);
} finally {
  await cleanUp();
}

if (missed.length) parts.push(missed.map((m) => `MISSED: ${m}`).join('\n'));
else if (!failed) parts.push('All targets met.');
if (notYet.length) parts.push(`Not measured yet: ${notYet.join('; ')}.`);

const load = os.loadavg().map((n) => n.toFixed(1));
parts.push(
  `Machine: ${os.cpus().length} cores, load average ${loadAtStart.join(' / ')} at start and ${load.join(' / ')} at the end` +
    ' (1/5/15 min; other work on the machine lowers the performance scores).',
);
const markdown = `${parts.join('\n\n')}\n`;
process.stdout.write(`\n${markdown}`);
writeFileSync(path.join(outDir, 'results.md'), markdown);
writeFileSync(
  path.join(outDir, 'results.json'),
  `${JSON.stringify(
    {
      startedAt: startedAt.toISOString(),
      durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      options: { routes: opts.routes.map((r) => r.path), runs: opts.runs, sections: [...opts.sections] },
      node: process.version,
      machine: {
        cores: os.cpus().length,
        loadAverageAtStart: loadAtStart.map(Number),
        loadAverageAtEnd: load.map(Number),
      },
      failed,
      missed,
      notMeasuredYet: notYet,
      sections: data,
    },
    null,
    2,
  )}\n`,
);
log(`results in ${path.relative(ROOT, outDir)}/ (results.md, results.json, Lighthouse HTML reports)`);
process.exit(failed ? 1 : 0);
