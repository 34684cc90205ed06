import sharp, { type OverlayOptions } from 'sharp';
import { seededRandom } from '#gateway/db/seeded-random.ts';
import { homography, type Quad } from '#gateway/modules/inbody/page-finder.ts';
import { warp } from './warp.ts';

// Issue 36 §5: a flat sheet "photographed" as a member would: on wood, on a dark desk, held in a
// hand, on top of other papers; turned, tilted (perspective), a shadow across, phone blur, JPEG
// 60–90, 1080–4000 px on the long side. The backgrounds are procedural. The sheet's true corners
// in the photo come back with it (the page finder's tests use them).

export type Category = 'clean' | 'mild' | 'hard';
export type Background = 'wood' | 'dark' | 'hand' | 'papers';
export const BACKGROUNDS: Background[] = ['wood', 'dark', 'hand', 'papers'];

type Shot = {
  rotate: number;
  tilt: number;
  side: number;
  fill: number;
  shadow: number;
  blur: number;
  quality: number;
  long: number;
};

const SHOTS: Record<Category, (r: () => number) => Shot> = {
  clean: (r) => ({
    rotate: (r() - 0.5) * 6,
    tilt: r() * 5,
    side: (r() - 0.5) * 4,
    fill: 0.8 + r() * 0.1,
    shadow: 0,
    blur: 0,
    quality: 85 + Math.round(r() * 5),
    long: 1400 + Math.round(r() * 1000),
  }),
  mild: (r) => ({
    rotate: (r() - 0.5) * 24,
    tilt: 4 + r() * 8,
    side: (r() - 0.5) * 10,
    fill: 0.72 + r() * 0.15,
    shadow: 0.15 + r() * 0.2,
    blur: 0.6 + r() * 0.3,
    quality: 70 + Math.round(r() * 15),
    long: 1080 + Math.round(r() * 2920),
  }),
  hard: (r) => ({
    rotate: (r() - 0.5) * 50,
    tilt: 10 + r() * 10,
    side: (r() - 0.5) * 16,
    fill: 0.65 + r() * 0.2,
    shadow: 0.3 + r() * 0.25,
    blur: 0.9 + r() * 0.5,
    quality: 60 + Math.round(r() * 10),
    long: 1080 + Math.round(r() * 2920),
  }),
};

/** The side the scene is composed at; larger photos are this scene enlarged (the sheet has no more detail). */
const SCENE_LONG = 2000;

function backgroundOf(kind: Background, width: number, height: number, r: () => number): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  const phase = r() * 100;
  const base: [number, number, number] =
    kind === 'wood'
      ? [140 + r() * 40, 95 + r() * 25, 55 + r() * 20]
      : kind === 'dark'
        ? [35 + r() * 30, 35 + r() * 30, 40 + r() * 30]
        : kind === 'hand'
          ? [70, 70, 75]
          : [95 + r() * 30, 90 + r() * 30, 85 + r() * 30];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      let k = 1 + (Math.sin(x * 0.37 + y * 0.91) * 0.5 + Math.sin(x * 1.7 + y * 0.13 + phase)) * 0.02;
      if (kind === 'wood')
        k = 0.85 + 0.15 * Math.sin(y * 0.035 + 4 * Math.sin(x * 0.004 + phase) + Math.sin(y * 0.21) * 0.6);
      out[o] = Math.min(255, base[0] * k);
      out[o + 1] = Math.min(255, base[1] * k);
      out[o + 2] = Math.min(255, base[2] * k);
    }
  return out;
}

/** Other papers under the sheet: off-white, a little turned, with grey lines of print. */
function papersUnder(width: number, height: number, r: () => number): string {
  const parts: string[] = [];
  for (let i = 0; i < 2; i++) {
    const w = width * (0.5 + r() * 0.3);
    const h = w * 1.41;
    const x = i === 0 ? -w * 0.4 + r() * w * 0.3 : width - w * 0.5 - r() * w * 0.3;
    const y = r() * height * 0.5 - h * 0.2;
    const tone = Math.round(205 + r() * 25);
    const lines = Array.from(
      { length: 14 },
      (_, k) =>
        `<rect x="${String(w * 0.1)}" y="${String(h * 0.1 + k * h * 0.05)}" width="${String(w * (0.4 + r() * 0.4))}" height="${String(h * 0.012)}" fill="#888"/>`,
    ).join('');
    parts.push(
      `<g transform="translate(${String(x)} ${String(y)}) rotate(${String((r() - 0.5) * 30)})"><rect width="${String(w)}" height="${String(h)}" fill="rgb(${String(tone)},${String(tone - 4)},${String(tone - 12)})"/>${lines}</g>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">${parts.join('')}</svg>`;
}

/** A hand holding the sheet: a palm and fingers over one side edge. */
function handOver(width: number, height: number, corners: Quad, r: () => number): string {
  const left = r() < 0.5;
  const [a, b] = left ? [corners[0], corners[3]] : [corners[1], corners[2]];
  const t = 0.35 + r() * 0.3;
  const cx = a.x + (b.x - a.x) * t;
  const cy = a.y + (b.y - a.y) * t;
  const unit = width * 0.035;
  const skin = `rgb(${String(Math.round(200 + r() * 30))},${String(Math.round(150 + r() * 30))},${String(Math.round(120 + r() * 25))})`;
  const dir = left ? 1 : -1;
  const fingers = [0, 1, 2, 3]
    .map(
      (k) =>
        `<ellipse cx="${String(cx + dir * unit * 0.9)}" cy="${String(cy + (k - 1.5) * unit * 1.1)}" rx="${String(unit * 1.3)}" ry="${String(unit * 0.5)}" fill="${skin}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}"><ellipse cx="${String(cx - dir * unit * 2)}" cy="${String(cy)}" rx="${String(unit * 3)}" ry="${String(unit * 3.4)}" fill="${skin}"/>${fingers}</svg>`;
}

export type Photo = { jpeg: Buffer; corners: Quad; width: number; height: number; background: Background };

/** The flat sheet (PNG) photographed: the JPEG and where the sheet's corners are in it. */
export async function photograph(
  sheetPng: Buffer,
  category: Category,
  seed: number,
  background?: Background,
): Promise<Photo> {
  const r = seededRandom(seed * 104729 + 7);
  const shot = SHOTS[category](r);
  const bg = background ?? BACKGROUNDS[Math.floor(r() * BACKGROUNDS.length)];
  const sheet = await sharp(sheetPng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const sw = sheet.info.width;
  const sh = sheet.info.height;
  const height = SCENE_LONG;
  const width = Math.round(SCENE_LONG * 0.75);
  // The sheet upright, centred, filling `fill` of the frame; the far edge shorter (tilt), one side
  // shorter (a sideways tilt), then turned; made smaller until every corner is in the frame.
  let scale = (shot.fill * height) / sh;
  let corners: Quad;
  const cx = width / 2 + (r() - 0.5) * width * 0.06;
  const cy = height / 2 + (r() - 0.5) * height * 0.04;
  for (;;) {
    const w = sw * scale;
    const h = sh * scale;
    const far = 1 - Math.sin((shot.tilt * Math.PI) / 180) * 0.9;
    const side = Math.sin((shot.side * Math.PI) / 180) * 0.9;
    const raw: [number, number][] = [
      [(-w / 2) * far * (1 - side), -h / 2 + (h * (1 - far)) / 3],
      [(w / 2) * far * (1 + side), -h / 2 + (h * (1 - far)) / 3],
      [(w / 2) * (1 + side), h / 2],
      [(-w / 2) * (1 - side), h / 2],
    ];
    const a = (shot.rotate * Math.PI) / 180;
    corners = raw.map(([x, y]) => ({
      x: cx + x * Math.cos(a) - y * Math.sin(a),
      y: cy + x * Math.sin(a) + y * Math.cos(a),
    })) as Quad;
    const margin = width * 0.02;
    if (
      corners.every((p) => p.x > margin && p.y > margin && p.x < width - margin && p.y < height - margin) ||
      scale < 0.2
    )
      break;
    scale *= 0.96;
  }
  const page: Quad = [
    { x: 0, y: 0 },
    { x: sw, y: 0 },
    { x: sw, y: sh },
    { x: 0, y: sh },
  ];
  const layer = warp(
    { data: sheet.data, width: sw, height: sh, channels: 4 },
    homography(corners, page),
    width,
    height,
    [0, 0, 0, 0],
  );
  const overlays: OverlayOptions[] = [];
  if (bg === 'papers') overlays.push({ input: Buffer.from(papersUnder(width, height, r)) });
  // The sheet's own shadow on what lies beneath, then the sheet.
  const outline = corners.map((p) => `${String(p.x + 6)},${String(p.y + 8)}`).join(' ');
  overlays.push({
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}"><polygon points="${outline}" fill="#000" fill-opacity="0.35"/></svg>`,
    ),
  });
  overlays.push({ input: Buffer.from(layer.data), raw: { width, height, channels: 4 } });
  if (bg === 'hand') overlays.push({ input: Buffer.from(handOver(width, height, corners, r)) });
  if (shot.shadow) {
    const x2 = r() < 0.5 ? 1 : 0;
    overlays.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}"><defs><linearGradient id="g" x1="0" y1="0" x2="${String(x2)}" y2="1"><stop offset="0" stop-color="#000" stop-opacity="${String(shot.shadow)}"/><stop offset="${String(0.4 + r() * 0.3)}" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
      ),
    });
  }
  const scene = await sharp(Buffer.from(backgroundOf(bg, width, height, r)), { raw: { width, height, channels: 3 } })
    .composite(overlays)
    .png()
    .toBuffer();
  const long = shot.long;
  const k = long / height;
  let out = sharp(scene).resize({ height: long });
  if (shot.blur) out = out.blur(shot.blur * Math.max(1, k));
  const jpeg = await out.jpeg({ quality: shot.quality }).toBuffer();
  return {
    jpeg,
    corners: corners.map((p) => ({ x: p.x * k, y: p.y * k })) as Quad,
    width: Math.round(width * k),
    height: long,
    background: bg,
  };
}
