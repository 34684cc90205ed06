// Draws the warm-up and stretching moves Everkinetic lacks, two poses each (start, end), as plain
// line art close to the Everkinetic drawings: dark outline, white body, on a 170 × 175 canvas.
//   node scripts/workouts/draw-own-moves.mjs
// A figure is capsules (limbs, torso), polygons and a circle (head). Each layer is drawn twice:
// dark and 3 units wider, then white, so touching parts of one layer merge into one silhouette and
// a limb in a front layer keeps its own outline. Own drawings: CC BY-SA 4.0, like the rest.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'gateway/modules/workouts/content/drawings');
const INK = '#333';
const LINE = 3;

/** @typedef {[number, number]} P */
const cap = (/** @type {P[]} */ pts, w, layer = 1) => ({
  t: 'cap',
  d: `M${pts.map((p) => p.join(' ')).join('L')}`,
  w,
  layer,
});
const curve = (/** @type {string} */ d, w, layer = 1) => ({ t: 'cap', d, w, layer });
const poly = (/** @type {P[]} */ pts, layer = 1) => ({ t: 'poly', pts, layer });
const head = (/** @type {P} */ c, layer = 1) => ({ t: 'head', c, layer });
/** Props and motion arrows sit under or over the figure, drawn as thin lines. */
const prop = (/** @type {string} */ svg, layer = 0) => ({ t: 'prop', svg, layer });

const arrow = (/** @type {string} */ d, /** @type {P} */ tip, /** @type {number} */ angle) =>
  `<path d="${d}" fill="none" stroke="${INK}" stroke-width="1.4" stroke-linecap="round"/>` +
  `<path d="M0 0L-6 -3.2L-6 3.2Z" fill="${INK}" transform="translate(${tip.join(' ')}) rotate(${angle})"/>`;
const mat = prop(
  `<rect x="8" y="161" width="154" height="5" rx="2.5" fill="#fff" stroke="${INK}" stroke-width="1.5"/>`,
  -1,
);

function render(parts) {
  const layers = [...new Set(parts.map((p) => p.layer))].sort((a, b) => a - b);
  let body = '';
  for (const layer of layers) {
    const here = parts.filter((p) => p.layer === layer);
    for (const pass of ['ink', 'fill']) {
      for (const p of here) {
        const colour = pass === 'ink' ? INK : '#fff';
        if (p.t === 'prop') {
          if (pass === 'ink') body += p.svg;
        } else if (p.t === 'cap') {
          const w = pass === 'ink' ? p.w + LINE : p.w;
          body += `<path d="${p.d}" fill="none" stroke="${colour}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
        } else if (p.t === 'poly') {
          const pts = p.pts.map((q) => q.join(',')).join(' ');
          body +=
            pass === 'ink'
              ? `<polygon points="${pts}" fill="${INK}" stroke="${INK}" stroke-width="${LINE}" stroke-linejoin="round"/>`
              : `<polygon points="${pts}" fill="#fff"/>`;
        } else if (p.t === 'head') {
          body += `<circle cx="${p.c[0]}" cy="${p.c[1]}" r="${pass === 'ink' ? 9.5 + LINE / 2 : 9.5}" fill="${colour}"/>`;
        }
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 170 175">${body}</svg>\n`;
}

// ---- front view, standing -------------------------------------------------------------
const W = { arm: 8.5, leg: 13, foot: 6, neck: 9, torso: 24 };
const torsoFront = (dx = 0, top = 0) =>
  poly([
    [69 + top, 37],
    [101 + top, 37],
    [98 + dx / 2, 64],
    [96 + dx, 93],
    [74 + dx, 93],
    [72 + dx / 2, 64],
  ]);
const upperFront = (dx = 0) => [
  torsoFront(dx, dx),
  cap(
    [
      [85 + dx, 28],
      [85 + dx, 38],
    ],
    W.neck,
  ),
  head([85 + dx, 19]),
];
const legsFront = (
  l = [
    [78, 90],
    [77, 125],
    [77, 158],
  ],
  r = [
    [92, 90],
    [93, 125],
    [93, 158],
  ],
) => [
  cap(l, W.leg, 0),
  cap(r, W.leg, 0),
  cap(
    [
      [l[2][0], l[2][1] + 2],
      [l[2][0] - 7, l[2][1] + 4],
    ],
    W.foot,
    0,
  ),
  cap(
    [
      [r[2][0], r[2][1] + 2],
      [r[2][0] + 7, r[2][1] + 4],
    ],
    W.foot,
    0,
  ),
];
const armsDown = [
  cap(
    [
      [71, 42],
      [65, 67],
      [63, 90],
    ],
    W.arm,
    2,
  ),
  cap(
    [
      [99, 42],
      [105, 67],
      [107, 90],
    ],
    W.arm,
    2,
  ),
];
const standingFront = [...upperFront(), ...legsFront(), ...armsDown];

// ---- side view, standing, facing right ------------------------------------------------
const upperSide = ({ hip = [85, 88], shoulder = [86, 40], headAt = [88, 18] } = {}) => {
  const nx = headAt[0] - shoulder[0];
  const ny = headAt[1] - shoulder[1];
  return [
    cap([hip, shoulder], W.torso),
    cap(
      [
        [shoulder[0] + nx * 0.35, shoulder[1] + ny * 0.35],
        [shoulder[0] + nx * 0.7, shoulder[1] + ny * 0.7],
      ],
      W.neck,
    ),
    head(headAt),
  ];
};
const legSide = (hip, knee, ankle, layer, toe = [ankle[0] + 13, ankle[1] + 3]) => [
  cap([hip, knee, ankle], W.leg, layer),
  cap([[ankle[0], ankle[1] + 1], toe], W.foot, layer),
];

/** On hands and knees on a mat, facing right: the back is a curve from hip to shoulder. */
const allFours = (back, neck, headAt) => [
  mat,
  ...legSide([70, 120], [70, 156], [38, 156], 0, [30, 158]),
  cap(
    [
      [124, 122],
      [124, 140],
      [125, 156],
      [132, 158],
    ],
    W.arm,
    0,
  ),
  curve(back, W.torso),
  cap(neck, W.neck),
  head(headAt),
  cap(
    [
      [127, 122],
      [127, 140],
      [128, 156],
      [135, 158],
    ],
    W.arm,
    3,
  ),
];

const moves = {
  'arm-circles': {
    start: [
      ...upperFront(),
      ...legsFront(),
      cap(
        [
          [71, 42],
          [46, 42],
          [22, 42],
        ],
        W.arm,
        2,
      ),
      cap(
        [
          [99, 42],
          [124, 42],
          [148, 42],
        ],
        W.arm,
        2,
      ),
      prop(arrow('M30 28A13 13 0 1 0 22 56', [22, 56], 100), 3),
      prop(arrow('M140 28A13 13 0 1 1 148 56', [148, 56], 80), 3),
    ],
    end: [
      ...upperFront(),
      ...legsFront(),
      cap(
        [
          [71, 41],
          [47, 32],
          [24, 23],
        ],
        W.arm,
        2,
      ),
      cap(
        [
          [99, 41],
          [123, 32],
          [146, 23],
        ],
        W.arm,
        2,
      ),
      prop(arrow('M32 10A13 13 0 1 0 22 38', [22, 38], 100), 3),
      prop(arrow('M138 10A13 13 0 1 1 148 38', [148, 38], 80), 3),
    ],
  },
  'jumping-jacks': {
    start: [
      ...upperFront(),
      ...legsFront(
        [
          [80, 90],
          [80, 125],
          [80, 158],
        ],
        [
          [90, 90],
          [90, 125],
          [90, 158],
        ],
      ),
      ...armsDown,
    ],
    end: [
      ...upperFront(),
      ...legsFront(
        [
          [78, 90],
          [66, 125],
          [56, 158],
        ],
        [
          [92, 90],
          [104, 125],
          [114, 158],
        ],
      ),
      cap(
        [
          [72, 41],
          [60, 22],
          [52, 5],
        ],
        W.arm,
        2,
      ),
      cap(
        [
          [98, 41],
          [110, 22],
          [118, 5],
        ],
        W.arm,
        2,
      ),
    ],
  },
  'march-in-place': {
    start: [
      ...legSide([84, 88], [84, 124], [83, 158], 0),
      cap(
        [
          [86, 42],
          [84, 66],
          [86, 88],
        ],
        W.arm,
        0,
      ),
      ...upperSide(),
      ...legSide([86, 88], [88, 124], [88, 158], 2),
      cap(
        [
          [86, 42],
          [88, 66],
          [91, 88],
        ],
        W.arm,
        3,
      ),
    ],
    end: [
      ...legSide([84, 88], [85, 124], [84, 158], 0),
      cap(
        [
          [86, 42],
          [97, 63],
          [111, 55],
        ],
        W.arm,
        0,
      ),
      ...upperSide(),
      ...legSide([86, 88], [112, 92], [111, 125], 2, [121, 128]),
      cap(
        [
          [86, 42],
          [76, 63],
          [70, 83],
        ],
        W.arm,
        3,
      ),
    ],
  },
  'hip-circles': Object.fromEntries(
    [
      ['start', -8],
      ['end', 8],
    ].map(([k, dx]) => [
      k,
      [
        torsoFront(dx),
        cap(
          [
            [85, 28],
            [85, 38],
          ],
          W.neck,
        ),
        head([85, 19]),
        ...legsFront(
          [
            [78 + dx, 90],
            [74, 125],
            [71, 158],
          ],
          [
            [92 + dx, 90],
            [97, 125],
            [99, 158],
          ],
        ),
        cap(
          [
            [71, 42],
            [55, 60],
            [74 + dx * 0.6, 78],
          ],
          W.arm,
          2,
        ),
        cap(
          [
            [99, 42],
            [115, 60],
            [96 + dx * 0.6, 78],
          ],
          W.arm,
          2,
        ),
        prop(
          arrow(
            k === 'start' ? 'M58 104A28 8 0 0 0 112 104' : 'M112 104A28 8 0 0 1 58 104',
            k === 'start' ? [112, 104] : [58, 104],
            k === 'start' ? -20 : 200,
          ),
          3,
        ),
      ],
    ]),
  ),
  'bodyweight-squat': {
    start: [
      ...legSide([84, 88], [85, 124], [84, 158], 0),
      cap(
        [
          [86, 43],
          [105, 46],
          [124, 47],
        ],
        W.arm,
        0,
      ),
      ...upperSide(),
      ...legSide([86, 88], [87, 124], [86, 158], 2),
      cap(
        [
          [86, 42],
          [106, 43],
          [126, 43],
        ],
        W.arm,
        3,
      ),
    ],
    end: [
      ...legSide([68, 121], [102, 128], [84, 158], 0),
      cap(
        [
          [99, 88],
          [121, 90],
          [142, 91],
        ],
        W.arm,
        0,
      ),
      ...upperSide({ hip: [69, 122], shoulder: [100, 86], headAt: [114, 69] }),
      ...legSide([70, 122], [105, 127], [87, 158], 2),
      cap(
        [
          [100, 87],
          [122, 88],
          [144, 88],
        ],
        W.arm,
        3,
      ),
    ],
  },
  plank: {
    start: [
      mat,
      ...legSide([95, 136], [66, 155], [36, 155], 0, [28, 158]),
      cap(
        [
          [139, 129],
          [139, 155],
          [158, 157],
        ],
        W.arm,
        0,
      ),
      ...upperSide({ hip: [95, 136], shoulder: [139, 127], headAt: [154, 120] }),
      cap(
        [
          [141, 129],
          [141, 155],
          [160, 157],
        ],
        W.arm,
        3,
      ),
    ],
    end: [
      mat,
      ...legSide([96, 133], [64, 141], [32, 150], 0, [27, 159]),
      cap(
        [
          [139, 129],
          [139, 155],
          [158, 157],
        ],
        W.arm,
        0,
      ),
      ...upperSide({ hip: [96, 133], shoulder: [139, 127], headAt: [154, 120] }),
      cap(
        [
          [141, 129],
          [141, 155],
          [160, 157],
        ],
        W.arm,
        3,
      ),
    ],
  },
  'cat-cow': {
    start: [
      ...allFours(
        'M70 120Q98 140 126 120',
        [
          [131, 115],
          [137, 109],
        ],
        [144, 103],
      ),
    ],
    end: [
      ...allFours(
        'M70 120Q98 94 126 120',
        [
          [130, 125],
          [134, 130],
        ],
        [139, 136],
      ),
    ],
  },
  'childs-pose': {
    start: [
      ...allFours(
        'M70 120L126 120',
        [
          [132, 118],
          [137, 116],
        ],
        [144, 114],
      ),
    ],
    end: [
      mat,
      ...legSide([66, 140], [99, 154], [62, 156], 0, [53, 158]),
      cap(
        [
          [108, 146],
          [131, 154],
          [156, 157],
        ],
        W.arm,
        0,
      ),
      cap(
        [
          [66, 138],
          [108, 144],
        ],
        W.torso,
      ),
      cap(
        [
          [115, 147],
          [119, 149],
        ],
        W.neck,
      ),
      head([126, 150]),
      cap(
        [
          [110, 148],
          [133, 156],
          [158, 158],
        ],
        W.arm,
        3,
      ),
    ],
  },
  'standing-hamstring-stretch': {
    start: [
      ...legSide([84, 88], [83, 124], [80, 158], 0),
      ...upperSide(),
      ...legSide([86, 88], [98, 122], [110, 156], 2, [117, 149]),
      cap(
        [
          [86, 42],
          [76, 62],
          [86, 80],
        ],
        W.arm,
        3,
      ),
    ],
    end: [
      ...legSide([76, 92], [85, 124], [80, 158], 0),
      ...upperSide({ hip: [77, 90], shoulder: [116, 62], headAt: [134, 50] }),
      ...legSide([78, 92], [95, 124], [110, 156], 2, [117, 149]),
      cap(
        [
          [114, 64],
          [107, 88],
          [99, 112],
        ],
        W.arm,
        3,
      ),
    ],
  },
  'standing-quad-stretch': {
    start: [
      prop(`<rect x="142" y="6" width="8" height="164" fill="#fff" stroke="${INK}" stroke-width="1.5"/>`, -1),
      ...legSide([84, 88], [84, 124], [83, 158], 0),
      ...upperSide(),
      ...legSide([86, 88], [87, 124], [86, 158], 2),
      cap(
        [
          [86, 42],
          [110, 50],
          [137, 48],
        ],
        W.arm,
        3,
      ),
    ],
    end: [
      prop(`<rect x="142" y="6" width="8" height="164" fill="#fff" stroke="${INK}" stroke-width="1.5"/>`, -1),
      ...legSide([85, 88], [86, 124], [85, 158], 0),
      cap(
        [
          [86, 42],
          [110, 50],
          [137, 48],
        ],
        W.arm,
        0,
      ),
      ...upperSide(),
      // the folded shin sits behind the thigh, the hand holds the ankle
      cap(
        [
          [87, 125],
          [68, 100],
        ],
        W.leg,
        1.5,
      ),
      cap(
        [
          [68, 101],
          [62, 92],
        ],
        W.foot,
        1.5,
      ),
      cap(
        [
          [86, 88],
          [87, 125],
        ],
        W.leg,
        2,
      ),
      cap(
        [
          [86, 42],
          [76, 68],
          [68, 97],
        ],
        W.arm,
        3,
      ),
    ],
  },
  'doorway-chest-stretch': {
    start: [
      prop(`<rect x="124" y="6" width="8" height="164" fill="#fff" stroke="${INK}" stroke-width="1.5"/>`, -1),
      ...upperFront(),
      ...legsFront(),
      cap(
        [
          [71, 42],
          [65, 67],
          [63, 90],
        ],
        W.arm,
        2,
      ),
      cap(
        [
          [99, 42],
          [119, 43],
          [120, 19],
        ],
        W.arm,
        2,
      ),
    ],
    end: [
      prop(`<rect x="124" y="6" width="8" height="164" fill="#fff" stroke="${INK}" stroke-width="1.5"/>`, -1),
      ...upperFront(-8),
      ...legsFront(
        [
          [70, 90],
          [69, 125],
          [69, 158],
        ],
        [
          [84, 90],
          [87, 128],
          [89, 164],
        ],
      ),
      cap(
        [
          [63, 42],
          [57, 67],
          [55, 90],
        ],
        W.arm,
        2,
      ),
      cap(
        [
          [91, 42],
          [119, 43],
          [120, 19],
        ],
        W.arm,
        2,
      ),
      prop(arrow('M100 112Q86 122 70 118', [70, 118], 195), 3),
    ],
  },
  'cross-body-shoulder-stretch': {
    start: standingFront,
    end: [
      ...upperFront(),
      ...legsFront(),
      cap(
        [
          [99, 42],
          [105, 67],
          [107, 90],
        ],
        W.arm,
        2,
      ),
      cap(
        [
          [72, 44],
          [95, 50],
          [119, 50],
        ],
        W.arm,
        2,
      ),
      cap(
        [
          [99, 43],
          [110, 66],
          [89, 53],
        ],
        W.arm,
        3,
      ),
    ],
  },
  'overhead-triceps-stretch': {
    start: [
      ...upperFront(),
      ...legsFront(),
      cap(
        [
          [71, 40],
          [68, 20],
          [67, 3],
        ],
        W.arm,
        2,
      ),
      cap(
        [
          [99, 42],
          [105, 67],
          [107, 90],
        ],
        W.arm,
        2,
      ),
    ],
    end: [
      cap(
        [
          [71, 40],
          [75, 8],
          [88, 30],
        ],
        W.arm,
        0,
      ),
      ...upperFront(),
      ...legsFront(),
      cap(
        [
          [99, 41],
          [103, 17],
          [80, 7],
        ],
        W.arm,
        3,
      ),
    ],
  },
};

mkdirSync(OUT, { recursive: true });
for (const [slug, poses] of Object.entries(moves)) {
  for (const [which, parts] of Object.entries(poses))
    writeFileSync(path.join(OUT, `own-${slug}-${which}.svg`), render(parts));
}
console.log(`${Object.keys(moves).length} moves drawn into ${path.relative(ROOT, OUT)}`);
