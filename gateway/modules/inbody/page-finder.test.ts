import { expect, test } from 'vitest';
import { seededRandom } from '#gateway/db/seeded-random.ts';
import { findPage, flatten, homography, project, type Point, type Quad, type Raster } from './page-finder.ts';

// Issue 36 §1: the page finder on synthetic photos whose corners are known: a white quad with
// lines of print, turned up to 25° and tilted, on a coloured or dark background.

const inside = (q: Quad, p: Point) =>
  q.every((a, i) => {
    const b = q[(i + 1) % 4];
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= 0;
  });

type Scene = {
  /** The colour under the sheet at (x, y), before the light. */
  under?: (x: number, y: number) => number[] | undefined;
  /** The light falling on (x, y), 0–1 (a shadow across the photo). */
  light?: (x: number, y: number) => number;
};

/** A width × height RGB photo: `background` everywhere, the paper (white with dark lines) inside `quad`. */
function photo(
  width: number,
  height: number,
  quad: Quad,
  background: [number, number, number],
  seed = 1,
  scene: Scene = {},
): Raster {
  const random = seededRandom(seed);
  const data = new Uint8Array(width * height * 3);
  const toPage = homography(quad, [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ]);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const p = { x: x + 0.5, y: y + 0.5 };
      let rgb: number[] = (scene.under?.(x, y) ?? background).map((c) => c + (random() - 0.5) * 20);
      if (inside(quad, p)) {
        const { x: u, y: v } = project(toPage, p);
        const print = u > 0.1 && u < 0.85 && v > 0.08 && v < 0.9 && Math.floor(v * 60) % 3 === 0 && (u * 17) % 1 < 0.7;
        rgb = print ? [30, 30, 30] : [235, 235, 230];
      }
      const light = scene.light?.(x, y) ?? 1;
      data.set(
        rgb.map((c) => Math.max(0, Math.min(255, Math.round(c * light)))),
        o,
      );
    }
  return { data, width, height, channels: 3 };
}

/** An A4 page of `side` px high, centred at (cx, cy), turned by `degrees`, its top edge `tilt` narrower. */
function pageQuad(cx: number, cy: number, side: number, degrees: number, tilt = 0): Quad {
  const h = side;
  const w = side / 1.414;
  const corners: [number, number][] = [
    [(-w / 2) * (1 - tilt), -h / 2],
    [(w / 2) * (1 - tilt), -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ];
  const a = (degrees * Math.PI) / 180;
  return corners.map(([x, y]) => ({
    x: cx + x * Math.cos(a) - y * Math.sin(a),
    y: cy + x * Math.sin(a) + y * Math.cos(a),
  })) as Quad;
}

const worst = (found: Quad, truth: Quad) =>
  Math.max(...found.map((p, i) => Math.hypot(p.x - truth[i].x, p.y - truth[i].y)));

test('the homography maps each corner onto its partner', () => {
  const from = pageQuad(200, 250, 300, 17, 0.2);
  const to: Quad = [
    { x: 0, y: 0 },
    { x: 99, y: 0 },
    { x: 99, y: 140 },
    { x: 0, y: 140 },
  ];
  const h = homography(from, to);
  from.forEach((p, i) => {
    const q = project(h, p);
    expect(q.x).toBeCloseTo(to[i].x, 6);
    expect(q.y).toBeCloseTo(to[i].y, 6);
  });
});

test.each([
  ['upright on wood', 0, 0, [150, 100, 60]],
  ['turned 12° on a dark desk', 12, 0.05, [40, 40, 48]],
  ['turned −25° and tilted 20° on wood', -25, 0.25, [160, 110, 70]],
  ['turned 25° and tilted on a grey-blue desk', 25, 0.2, [70, 80, 110]],
] as const)(
  'finds the four corners of a page %s, each within 1.5 percent of the photo side',
  (_, degrees, tilt, background) => {
    const truth = pageQuad(195, 260, 330, degrees, tilt);
    const found = findPage(photo(390, 520, truth, [...background]));
    expect(found.page).toBe('found');
    expect(worst(found.corners!, truth)).toBeLessThan(520 * 0.015);
  },
);

test("a page cut by the photo's edge is partial; a photo with no paper is none", () => {
  const cut = findPage(photo(390, 520, pageQuad(195, 180, 560, 5), [150, 100, 60]));
  expect(cut.page).toBe('partial');
  const empty = findPage(
    photo(
      390,
      520,
      [
        { x: 10, y: 10 },
        { x: 30, y: 10 },
        { x: 30, y: 30 },
        { x: 10, y: 30 },
      ],
      [60, 60, 60],
    ),
  );
  expect(empty).toEqual({ page: 'none', corners: null });
});

test("the page warped flat puts its corners at the output's corners", () => {
  const truth = pageQuad(195, 260, 330, 20, 0.15);
  const source = photo(390, 520, truth, [40, 40, 48]);
  const grey: Raster = { data: source.data.filter((_, i) => i % 3 === 0), width: 390, height: 520, channels: 1 };
  const flat = flatten(grey, findPage(source).corners!, 200, 283);
  // The print's first line starts near the same place on the flat page: dark at 15 % across, 8–10 % down.
  const row = Array.from({ length: 30 }, (_, k) => flat.data[Math.round(283 * (0.08 + k * 0.001)) * 200 + 40]);
  expect(Math.min(...row)).toBeLessThan(120);
  // Outside the page's corners the photo's background never shows: the corners are white paper.
  for (const [x, y] of [
    [3, 3],
    [196, 3],
    [196, 279],
    [3, 279],
  ])
    expect(flat.data[y * 200 + x]).toBeGreaterThan(150);
});

/** Off-white sheets with grey bars of print lying under the photo's sheet, turned a little (camera.ts's "papers"). */
function otherPapers(width: number, height: number): (x: number, y: number) => number[] | undefined {
  const papers = [
    { quad: pageQuad(width * 0.2, height * 0.3, height * 0.75, -12), tone: [216, 212, 204] },
    { quad: pageQuad(width * 0.85, height * 0.45, height * 0.8, 9), tone: [206, 202, 194] },
  ];
  return (x, y) => {
    for (const { quad, tone } of papers.slice().reverse()) {
      if (!inside(quad, { x, y })) continue;
      const { y: v } = project(
        homography(quad, [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 1, y: 1 },
          { x: 0, y: 1 },
        ]),
        { x, y },
      );
      return Math.floor(v * 40) % 2 === 0 && v > 0.1 && v < 0.8 ? [136, 136, 136] : tone;
    }
    return undefined;
  };
}

test.each([
  ['upright', 0, 0.05],
  ['turned 20° and tilted', 20, 0.2],
  ['turned −15°', -15, 0.1],
] as const)(
  'finds the corners of a page %s lying on other papers, a shadow darkening the photo from the top (ADR 090)',
  (_, degrees, tilt) => {
    const truth = pageQuad(200, 270, 340, degrees, tilt);
    const source = photo(390, 520, truth, [110, 105, 100], 3, {
      under: otherPapers(390, 520),
      // camera.ts's shadow: half the light at the top, all of it from 60 % down.
      light: (_x, y) => 0.5 + 0.5 * Math.min(1, y / (520 * 0.6)),
    });
    const found = findPage(source);
    expect(found.page).toBe('found');
    expect(worst(found.corners!, truth)).toBeLessThan(520 * 0.015);
  },
);
