// Where a server's CPU went, from a V8 .cpuprofile (`npm run bench -- --sections=ssr --profile`
// writes one per server into bench-results/<stamp>/profiles/<gateway|web>/):
//
//   node scripts/bench/profile-summary.mjs <file.cpuprofile> [--top=25]
//
// Prints the share of all samples by package (node_modules/<name>, our build's files, node:
// internals, native), then the functions with the most self time and with the most inclusive
// time. Idle is the time the process waited (for the gateway, the database, the network).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string' }, marks: { type: 'string' }, phase: { type: 'string' } },
});
if (positionals.length !== 1 || Boolean(values.marks) !== Boolean(values.phase)) {
  console.error(
    'Usage: node scripts/bench/profile-summary.mjs <file.cpuprofile> [--top=25] [--marks=marks.json --phase=NAME]',
  );
  process.exit(2);
}
const top = Number(values.top ?? 25);
/** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number }, children?: number[] }[], samples: number[], timeDeltas: number[], startTime: number }} */
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
// --marks (written by `bench:gateway --profile`): [{ phase, from, to }] in µs of the monotonic clock,
// the clock V8 stamps its samples with; only the samples inside --phase's windows are counted.
/** @type {{ phase: string, from: number, to: number }[] | null} */
const windows = values.marks
  ? JSON.parse(readFileSync(values.marks, 'utf8')).filter((mark) => mark.phase === values.phase)
  : null;
if (windows?.length === 0) {
  console.error(`no marks for phase ${String(values.phase)}`);
  process.exit(2);
}
const inWindow = (at) => windows === null || windows.some((w) => at >= w.from && at <= w.to);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** node_modules/<package>, our build's file, a node: module, or (native). */
function placeOf(url) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.includes('/build/')) return `ours: ${url.split('/build/')[1]}`;
  if (url.startsWith('node:')) return url;
  return url ? url.split('/').at(-1) : '(native)';
}
const nameOf = (node) =>
  `${node.callFrame.functionName || '(anonymous)'}  ${placeOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

const byPlace = new Map();
const self = new Map();
const inclusive = new Map();
let total = 0;
let at = profile.startTime;
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (!inWindow(at)) continue;
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  total += ms;
  const leaf = byId.get(profile.samples[i]);
  add(
    byPlace,
    placeOf(leaf.callFrame.url) === '(native)'
      ? leaf.callFrame.functionName || '(native)'
      : placeOf(leaf.callFrame.url),
    ms,
  );
  add(self, nameOf(leaf), ms);
  const seen = new Set();
  for (let id = leaf.id; id !== undefined; id = parentOf.get(id)) {
    const name = nameOf(byId.get(id));
    if (seen.has(name)) continue; // recursion counts once
    seen.add(name);
    add(inclusive, name, ms);
  }
}

const table = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * ms) / total).toFixed(1).padStart(6)} %  ${key}`);
  }
};
console.log(`${positionals[0]}${values.phase ? ` (${values.phase})` : ''}: ${(total / 1000).toFixed(1)} s sampled`);
table('By package or file (self time)', byPlace);
table('Functions, self time', self);
table('Functions, inclusive time', inclusive);
