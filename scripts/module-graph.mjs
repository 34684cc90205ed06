// The module graph (ADR 073): which folder of gateway/modules/ and of app/ imports which other
// folder of the same side, read from the import and export statements of their source files (tests
// aside). `node scripts/module-graph.mjs` (run by `npm run lint`) fails on any cycle between the
// folders of gateway/modules/ or of app/, with no exceptions (ADR 073, 077). `--pairs` prints the
// pairs of folders that import each other, `--edges` every edge.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
// Tests set up data across modules and are not part of the graph; everything else is.
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** The folders of one side: `gateway/modules` → auth, cards, … */
export const folders = (side) =>
  readdirSync(join(ROOT, side), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return files(path);
    return SOURCE.test(d.name) && !TEST.test(d.name) ? [path] : [];
  });

/** Which folder of the side a specifier points at, or null when it leaves the side. */
const target = (side, alias, file, specifier) => {
  let path;
  if (specifier.startsWith(alias)) path = join(ROOT, side, specifier.slice(alias.length));
  else if (specifier.startsWith('.')) path = resolve(dirname(file), specifier);
  else return null;
  const rel = relative(join(ROOT, side), path);
  if (rel.startsWith('..')) return null;
  const head = rel.split(/[\\/]/)[0];
  return statSync(join(ROOT, side, head), { throwIfNoEntry: false })?.isDirectory() ? head : null;
};

/** Edges folder → Map(folder → files of the importer that cross). */
export const graph = (side, alias) => {
  const edges = new Map();
  for (const from of folders(side)) {
    const out = new Map();
    for (const file of files(join(ROOT, side, from))) {
      for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const to = target(side, alias, file, m[1] ?? m[2] ?? m[3]);
        if (to && to !== from) out.set(to, [...new Set([...(out.get(to) ?? []), relative(ROOT, file)])]);
      }
    }
    edges.set(from, out);
  }
  return edges;
};

/** Strongly connected components of more than one folder (Tarjan): each is a cycle or a knot of them. */
export const cycles = (edges) => {
  let index = 0;
  const stack = [];
  const seen = new Map();
  const found = [];
  const visit = (v) => {
    const node = { index, low: index, onStack: true };
    index += 1;
    seen.set(v, node);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!seen.has(w)) {
        visit(w);
        node.low = Math.min(node.low, seen.get(w).low);
      } else if (seen.get(w).onStack) node.low = Math.min(node.low, seen.get(w).index);
    }
    if (node.low === node.index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        seen.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!seen.has(v)) visit(v);
  return found;
};

/** Pairs of folders that import each other. */
export const mutualPairs = (edges) =>
  [...edges].flatMap(([a, out]) => [...out.keys()].filter((b) => a < b && edges.get(b)?.has(a)).map((b) => [a, b]));

/** One shortest path from a back to a, to show a cycle. */
const loop = (edges, a) => {
  const prev = new Map([[a, null]]);
  const queue = [a];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v)?.keys() ?? []) {
      if (w === a) {
        const path = [w];
        for (let u = v; u !== null; u = prev.get(u)) path.unshift(u);
        return path;
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [a];
};

export const SIDES = [
  { side: 'gateway/modules', alias: '#gateway/modules/' },
  { side: 'app', alias: '#app/' },
];

if (process.argv[1] === import.meta.filename) {
  let failed = false;
  for (const { side, alias } of SIDES) {
    const edges = graph(side, alias);
    if (process.argv.includes('--edges')) {
      for (const [a, out] of edges)
        for (const [b, via] of out) console.log(`${side}: ${a} → ${b}  (${via.join(', ')})`);
    }
    if (process.argv.includes('--pairs')) {
      const pairs = mutualPairs(edges);
      console.log(
        `${side}: ${pairs.length} pairs import each other${pairs.length ? `: ${pairs.map((p) => p.join('↔')).join(', ')}` : ''}`,
      );
    }
    for (const component of cycles(edges)) {
      failed = true;
      console.error(
        `error ${side}: the folders ${component.join(', ')} import each other in a circle, e.g. ${loop(edges, component[0]).join(' → ')}`,
      );
      for (const a of component) {
        for (const [b, via] of edges.get(a))
          if (component.includes(b)) console.error(`  ${a} → ${b}: ${via.join(', ')}`);
      }
    }
  }
  if (failed) {
    console.error(
      'A folder may use another only one way (ADR 073): move what both need to a base module, or register it (ADR 072).',
    );
    process.exit(1);
  }
}
