// The sections of `npm run bench` (ARCHITECTURE §9), in the order they run and print.
// A section measures one thing against the running system and returns Markdown, JSON data and
// the targets it missed. The ones with `run: null` are planned and print "not measured yet":
// to add one, write its module under scripts/bench/ and put its function here.
import { measurePages } from './pages.mjs';
import { measureSsr } from './ssr.mjs';
import { measureWarmStart } from './warm-start.mjs';
import { measureWeakNetwork } from './weak-network.mjs';

/**
 * @typedef {object} SectionContext
 * @property {import('../lib/system.mjs').RunningSystem} system  the system running now
 * @property {() => Promise<import('../lib/system.mjs').RunningSystem>} restartSystem  stops it and starts
 *   it again (rebuilding when build/ is stale), same data folder; use the one it returns from then on
 * @property {readonly import('./routes.mjs').BenchRoute[]} routes  the routes asked for (--routes)
 * @property {number} runs  Lighthouse runs per route (--runs)
 * @property {string} outDir  this bench's folder under bench-results/, for reports
 * @property {(message: string) => void} log  progress, to stderr
 */

/**
 * @typedef {object} SectionResult
 * @property {string} markdown
 * @property {unknown} data  goes into the JSON results under the section id
 * @property {string[]} missed  one line per missed target, printed as "MISSED: …"
 */

/**
 * @typedef {object} Section
 * @property {string} id
 * @property {string} title
 * @property {((ctx: SectionContext) => Promise<SectionResult>) | null} run  null: not measured yet
 */

/** @type {readonly Section[]} */
export const SECTIONS = Object.freeze([
  { id: 'pages', title: 'First-load JS and Lighthouse mobile scores', run: measurePages },
  // 50 connections against a signed-in /home with the running gateway, beside /landing in the same run.
  { id: 'ssr', title: 'SSR throughput and p99 of /home', run: measureSsr },
  // Issue 39 §6: a restarted server's signed-in /home over its first 10 s after /readyz, beside the bare app.
  { id: 'warm', title: 'The first seconds after a start', run: measureWarmStart },
  // Issue 39 §4: weak 3G and lie-fi, first and repeat visits, beside the bare app; an InBody photo upload.
  { id: 'weak', title: 'Weak network: weak 3G and lie-fi', run: measureWeakNetwork },
  // Gateway endpoint latency with 1k and with 100k seeded members.
  { id: 'gateway', title: 'Gateway endpoint latency at 1k and 100k members', run: null },
]);
