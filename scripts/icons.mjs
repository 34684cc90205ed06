// Draws the app icons of the web manifest from one brand mark, with sharp. The PNGs are committed;
// run again after changing the mark:  node scripts/icons.mjs
//
//   public/icons/icon-192.png, icon-512.png   purpose "any": rounded dark tile, the dumbbell
//   public/icons/maskable-512.png             purpose "maskable": full-bleed tile, the mark inside
//                                             the 80 % safe circle so any launcher mask keeps it whole
//   public/icons/apple-touch-icon.png         180 px, opaque square (iOS rounds the corners itself)
//   public/icons/badge-96.png                 the dumbbell alone, white on transparent: Android's
//                                             status-bar badge of a push notification (alpha only)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from './lib/build-if-needed.mjs';

const INK = '#0f172a';
const ACCENT = '#f97316';
const OUT = path.join(ROOT, 'public/icons');

/** The dumbbell on a 512 grid, centred; it spans 320 × 176, so its corners sit 182 px from the centre. */
const dumbbell = (fill) => `
  <g fill="${fill}">
    <rect x="96" y="204" width="34" height="104" rx="12"/>
    <rect x="136" y="168" width="44" height="176" rx="14"/>
    <rect x="176" y="240" width="160" height="32" rx="8"/>
    <rect x="332" y="168" width="44" height="176" rx="14"/>
    <rect x="382" y="204" width="34" height="104" rx="12"/>
  </g>`;

/** @param {{ radius: number, scale?: number }} o  tile corner radius (0: full bleed); mark scale around the centre */
const tile = ({ radius, scale = 1 }) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${radius}" fill="${INK}"/>
  ${scale === 1 ? dumbbell(ACCENT) : `<g transform="translate(256 256) scale(${scale}) translate(-256 -256)">${dumbbell(ACCENT)}</g>`}
</svg>`;

// The safe zone of a maskable icon is a circle of radius 0.4 × size (205 px at 512): at scale 0.9
// the dumbbell's far corners are 164 px from the centre.
const maskable = tile({ radius: 0, scale: 0.9 });
const rounded = tile({ radius: 112 });
const apple = tile({ radius: 0, scale: 0.85 });
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="64 64 384 384">${dumbbell('#ffffff')}</svg>`;

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toFile(path.join(OUT, file));

mkdirSync(OUT, { recursive: true });
await Promise.all([
  render(rounded, 192, 'icon-192.png'),
  render(rounded, 512, 'icon-512.png'),
  render(maskable, 512, 'maskable-512.png'),
  render(apple, 180, 'apple-touch-icon.png'),
  render(badge, 96, 'badge-96.png'),
]);
// The favicon is the same mark, as a small SVG.
writeFileSync(path.join(ROOT, 'public/favicon.svg'), `${tile({ radius: 112 }).replace(/\n\s*/g, '')}\n`);
console.log(`icons written to ${path.relative(ROOT, OUT)}/`);
