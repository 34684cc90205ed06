// Copies the Everkinetic drawings of the chosen exercises into the workout content and shrinks them:
//   node scripts/workouts/optimise-drawings.mjs [everkinetic svg folder]
// Path coordinates are rounded to 0.1 unit on absolute positions, then written back as relative
// moves between the rounded points, so rounding never drifts along a long outline. The white
// full-canvas background path goes (the white is always painted first, under the lines); the white
// fills inside the figure stay so it reads the same on any card. width/height in pt go in favour of
// the viewBox. The changed drawings stay CC BY-SA 4.0 (see gateway/modules/workouts/content/CREDITS.md).
import { readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONTENT = path.join(ROOT, 'gateway/modules/workouts/content');
const SOURCE = path.resolve(process.argv[2] ?? path.join(ROOT, '../shared/content/everkinetic/dist/svg'));
const OUT = path.join(CONTENT, 'drawings');

/** Reads path data into absolute segments with coordinates in integer tenths. */
export function parsePath(d) {
  let i = 0;
  const isSep = (c) => c === ' ' || c === ',' || c === '\n' || c === '\t' || c === '\r';
  const skip = () => {
    while (i < d.length && isSep(d[i])) i++;
  };
  const num = () => {
    skip();
    const m = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(d.slice(i, i + 40));
    if (!m) throw new Error(`number expected at ${i} in ${d.slice(i, i + 20)}`);
    i += m[0].length;
    return Number(m[0]);
  };
  const flag = () => {
    skip();
    const c = d[i++];
    if (c !== '0' && c !== '1') throw new Error(`arc flag expected at ${i - 1}`);
    return Number(c);
  };
  const hasNumber = () => {
    skip();
    return i < d.length && /[-+.\d]/.test(d[i]);
  };
  const t = (v) => Math.round(v * 10);
  const segs = [];
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  let cmd = '';
  for (;;) {
    skip();
    if (i >= d.length) break;
    if (/[a-zA-Z]/.test(d[i])) cmd = d[i++];
    else if (!cmd) throw new Error('path must start with a command');
    const rel = cmd === cmd.toLowerCase();
    const C = cmd.toUpperCase();
    const ox = rel ? cx : 0;
    const oy = rel ? cy : 0;
    if (C === 'Z') {
      segs.push({ c: 'Z' });
      cx = sx;
      cy = sy;
      continue;
    }
    if (C === 'M' || C === 'L' || C === 'T') {
      const x = num() + ox;
      const y = num() + oy;
      segs.push({ c: C, p: [x, y] });
      cx = x;
      cy = y;
      if (C === 'M') {
        sx = x;
        sy = y;
        cmd = rel ? 'l' : 'L';
      }
    } else if (C === 'H') {
      cx = num() + ox;
      segs.push({ c: 'H', p: [cx] });
    } else if (C === 'V') {
      cy = num() + oy;
      segs.push({ c: 'V', p: [cy] });
    } else if (C === 'C' || C === 'S' || C === 'Q') {
      const n = C === 'C' ? 3 : 2;
      const p = [];
      for (let k = 0; k < n; k++) p.push(num() + ox, num() + oy);
      segs.push({ c: C, p });
      cx = p[p.length - 2];
      cy = p[p.length - 1];
    } else if (C === 'A') {
      const rx = num();
      const ry = num();
      const rot = num();
      const large = flag();
      const sweep = flag();
      const x = num() + ox;
      const y = num() + oy;
      segs.push({ c: 'A', p: [x, y], arc: [rx, ry, rot, large, sweep] });
      cx = x;
      cy = y;
    } else throw new Error(`unknown command ${cmd}`);
    // implicit repetition: the loop reads more numbers with the same command
    if (!hasNumber() && i < d.length && !/[a-zA-Z]/.test(d[i])) throw new Error('bad path');
  }
  // to tenths
  for (const s of segs) if (s.p) s.p = s.p.map(t);
  return segs;
}

/** 12.3 → "12.3", 0.5 → ".5", -0.5 → "-.5", 4.0 → "4". */
const fmt = (tenths) => {
  if (tenths === 0) return '0';
  const neg = tenths < 0;
  const a = Math.abs(tenths);
  const whole = Math.floor(a / 10);
  const frac = a % 10;
  const s = (whole === 0 && frac ? '' : String(whole)) + (frac ? `.${frac}` : '');
  return (neg ? '-' : '') + s;
};

/** Writes absolute segments back as the shortest relative path data. */
export function writePath(segs) {
  let out = '';
  let last = '';
  let prevNum = '';
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  const push = (letter, nums) => {
    if (letter !== last || letter === 'm') {
      out += letter;
      prevNum = '';
    }
    last = letter === 'm' ? 'l' : letter;
    for (const n of nums) {
      if (prevNum && !(n.startsWith('-') || (n.startsWith('.') && prevNum.includes('.')))) out += ' ';
      out += n;
      prevNum = n;
    }
  };
  for (const s of segs) {
    if (s.c === 'Z') {
      out += 'z';
      last = 'z';
      prevNum = '';
      cx = sx;
      cy = sy;
      continue;
    }
    const p = s.p;
    if (s.c === 'H') {
      push('h', [fmt(p[0] - cx)]);
      cx = p[0];
      continue;
    }
    if (s.c === 'V') {
      push('v', [fmt(p[0] - cy)]);
      cy = p[0];
      continue;
    }
    const rel = [];
    for (let k = 0; k < p.length; k += 2) rel.push(fmt(p[k] - cx), fmt(p[k + 1] - cy));
    if (s.c === 'A') {
      const [rx, ry, rot, large, sweep] = s.arc;
      push('a', [
        fmt(Math.round(rx * 10)),
        fmt(Math.round(ry * 10)),
        fmt(Math.round(rot * 10)),
        String(large),
        String(sweep),
        ...rel,
      ]);
    } else push(s.c.toLowerCase(), rel);
    cx = p[p.length - 2];
    cy = p[p.length - 1];
    if (s.c === 'M') {
      sx = cx;
      sy = cy;
    }
  }
  return out;
}

/** True when the path's first outline is the whole canvas (its corners reach all four edges). */
function isCanvas(segs, w, h) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let cx = 0;
  let cy = 0;
  for (const [k, s] of segs.entries()) {
    if (s.c === 'Z' || (s.c === 'M' && k > 0)) break;
    if (s.c === 'H') cx = s.p[0];
    else if (s.c === 'V') cy = s.p[0];
    else [cx, cy] = s.p.slice(-2);
    minX = Math.min(minX, cx);
    minY = Math.min(minY, cy);
    maxX = Math.max(maxX, cx);
    maxY = Math.max(maxY, cy);
  }
  return minX <= 0 && minY <= 0 && maxX >= w * 10 && maxY >= h * 10;
}

export function optimiseSvg(svg) {
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
  if (!viewBox) throw new Error('no viewBox');
  const [, , w, h] = viewBox
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const groups = [];
  // Each drawing is <g fill="…"><path d/>…</g> groups, or single <path fill d/> elements.
  const re = /<g fill="([^"]+)">([\s\S]*?)<\/g>|<path fill="([^"]+)" d="([^"]+)"\/>/g;
  for (const m of svg.matchAll(re)) {
    if (m[1]) groups.push({ fill: m[1], ds: [...m[2].matchAll(/d="([^"]+)"/g)].map((x) => x[1]) });
    else groups.push({ fill: m[3], ds: [m[4]] });
  }
  let body = '';
  let dropped = 0;
  for (const [gi, g] of groups.entries()) {
    const white = /^#f{3}(f{3})?$/i.test(g.fill);
    const ds = [];
    for (const d of g.ds) {
      const segs = parsePath(d);
      if (white && gi === 0 && isCanvas(segs, w, h)) {
        dropped++;
        continue;
      }
      ds.push(writePath(segs));
    }
    if (!ds.length) continue;
    const fill = white ? '#fff' : g.fill.toLowerCase();
    body +=
      ds.length === 1
        ? `<path fill="${fill}" d="${ds[0]}"/>`
        : `<g fill="${fill}">${ds.map((d) => `<path d="${d}"/>`).join('')}</g>`;
  }
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${body}</svg>\n`, dropped };
}

function main() {
  const { exercises } = JSON.parse(readFileSync(path.join(CONTENT, 'exercises.json'), 'utf8'));
  mkdirSync(OUT, { recursive: true });
  let before = 0;
  let after = 0;
  let files = 0;
  let dropped = 0;
  for (const e of exercises) {
    if (e.source !== 'everkinetic') continue;
    for (const name of [e.drawings.start, e.drawings.end]) {
      const src = path.join(SOURCE, name);
      const svg = readFileSync(src, 'utf8');
      const result = optimiseSvg(svg);
      writeFileSync(path.join(OUT, name), result.svg);
      before += statSync(src).size;
      after += Buffer.byteLength(result.svg);
      dropped += result.dropped;
      files++;
    }
  }
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `${files} drawings: ${kb(before)} → ${kb(after)} (${Math.round((100 * after) / before)} %), ${dropped} background paths dropped`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
