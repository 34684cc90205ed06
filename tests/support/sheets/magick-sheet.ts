import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inbodySegments } from '#api/inbody-fields.ts';
import type { SheetLang, SheetLayout, SheetTruth } from '#tests/support/inbody-sheet.ts';

// Issue 36 §5, renderer B: an InBody 270/570 sheet drawn with ImageMagick's own vector language
// (MVG, rasterised by `convert`, not librsvg nor Chromium), written apart from html-sheet.ts and
// inbody-sheet.ts: thin rulings instead of shaded headings, values right-aligned in their column,
// the units on a line of their own in the 270's table, the score box at the top right with
// "NN/100" in large print, segmental values under the region names (the 570's body outline).

const run = promisify(execFile);

const L = {
  en: {
    bca: 'Body Composition Analysis',
    rows: ['Total Body Water', 'Protein', 'Minerals', 'Body Fat Mass', 'Weight'],
    units: ['(L)', '(kg)', '(kg)', '(kg)', '(kg)'],
    mfa: 'Muscle-Fat Analysis',
    bars: ['Weight', 'SMM', 'Body Fat Mass'],
    oa: 'Obesity Analysis',
    ob: ['BMI', 'PBF'],
    obSub: ['Body Mass Index (kg/m2)', 'Percent Body Fat (%)'],
    sla: 'Segmental Lean Analysis',
    sfa: 'Segmental Fat Analysis',
    regions: ['Right Arm', 'Left Arm', 'Trunk', 'Right Leg', 'Left Leg'],
    levels: { Normal: 'Normal', Over: 'Over', Under: 'Under' },
    score: 'InBody Score',
    points: 'Points',
    head: ['ID', 'Height', 'Age', 'Gender', 'Test Date / Time'],
    male: 'Male',
    extra: ['Basal Metabolic Rate', 'Visceral Fat Level', 'Obesity Degree'],
  },
  vi: {
    bca: 'Phân tích thành phần cơ thể',
    rows: ['Tổng lượng nước', 'Protein', 'Khoáng chất', 'Lượng mỡ cơ thể', 'Cân nặng'],
    units: ['(L)', '(kg)', '(kg)', '(kg)', '(kg)'],
    mfa: 'Phân tích cơ - mỡ',
    bars: ['Cân nặng', 'Lượng cơ xương', 'Lượng mỡ cơ thể'],
    oa: 'Phân tích béo phì',
    ob: ['BMI', 'PBF'],
    obSub: ['Chỉ số khối cơ thể (kg/m2)', 'Tỷ lệ mỡ cơ thể (%)'],
    sla: 'Phân tích cơ từng vùng',
    sfa: 'Phân tích mỡ từng vùng',
    regions: ['Tay phải', 'Tay trái', 'Thân', 'Chân phải', 'Chân trái'],
    levels: { Normal: 'Bình thường', Over: 'Trên', Under: 'Dưới' },
    score: 'Điểm InBody',
    points: 'Điểm',
    head: ['ID', 'Chiều cao', 'Tuổi', 'Giới tính', 'Ngày đo'],
    male: 'Nam',
    extra: ['Tỷ lệ trao đổi chất cơ bản', 'Mức mỡ nội tạng', 'Mức độ béo phì'],
  },
} as const;

const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];
const BOLD_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
];

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const one = (n: number) => n.toFixed(1);

/** The sheet as an MVG drawing (1240 × 1754). */
export function sheetMvg(truth: SheetTruth, layout: SheetLayout, lang: SheetLang, variant: number): string {
  const l = L[lang];
  const font = FONT_FILES[variant % FONT_FILES.length];
  const bold = BOLD_FILES[variant % BOLD_FILES.length];
  const line = 1 + (variant % 2);
  const out: string[] = ['viewbox 0 0 1240 1754', 'fill white rectangle 0 0 1240 1754', 'fill #1a1a1a', 'stroke none'];
  const text = (
    x: number,
    y: number,
    s: string,
    size: number,
    strong = false,
    anchor: 'start' | 'end' = 'start',
    color = '#1a1a1a',
  ) =>
    out.push(
      `push graphic-context font ${q(strong ? bold : font)} font-size ${String(size)} fill ${color} text-anchor ${anchor} text ${String(x)},${String(y)} ${q(s)} pop graphic-context`,
    );
  const hr = (x1: number, y: number, x2: number, w = line) =>
    out.push(
      `push graphic-context stroke #222 stroke-width ${String(w)} line ${String(x1)},${String(y)} ${String(x2)},${String(y)} pop graphic-context`,
    );
  const box = (x: number, y: number, w: number, h: number) =>
    out.push(
      `push graphic-context fill none stroke #222 stroke-width ${String(line + 1)} rectangle ${String(x)},${String(y)} ${String(x + w)},${String(y + h)} pop graphic-context`,
    );
  const section = (x: number, y: number, w: number, title: string) => {
    text(x, y, title, 24, true);
    hr(x, y + 8, x + w, line + 1);
  };
  // Title and header.
  text(60, 92, 'InBody', 54, true);
  text(300, 88, layout === '570' ? '[InBody570]' : '[InBody270]', 24);
  l.head.forEach((h, i) => {
    text(60 + i * 150, 140, h, 15, false, 'start', '#444');
    text(
      60 + i * 150,
      166,
      [`${String(300 + variant)}`, `${String(truth.heightCm)}cm`, String(truth.age), l.male, truth.testDate][i],
      19,
    );
  });
  hr(60, 180, 1180, line + 1);
  // Left column.
  const LX = 60;
  const LW = 720;
  let y = 230;
  section(LX, y, LW, l.bca);
  const values = [
    one(truth.totalBodyWater),
    one(truth.protein),
    truth.minerals.toFixed(2),
    one(truth.bodyFatMass),
    one(truth.weight),
  ];
  const rows = layout === '570' ? 4 : 5;
  for (let i = 0; i < rows; i++) {
    y += 44;
    text(LX + 10, y, l.rows[i], 21);
    text(LX + 10, y + 17, l.units[i], 13, false, 'start', '#555');
    text(LX + 420, y, values[i], 23, true, 'end');
    text(LX + 440, y, `(${one(Number(values[i]) * 0.9)}~${one(Number(values[i]) * 1.1)})`, 14, false, 'start', '#555');
    hr(LX, y + 22, LX + LW, 1);
  }
  if (layout === '570') {
    // The 570 prints weight in its own column beside the four parts.
    text(LX + 640, 230 + 44 * 2, l.rows[4], 16, false, 'start', '#444');
    text(LX + 700, 230 + 44 * 3, one(truth.weight), 23, true, 'end');
  }
  y += 70;
  section(LX, y, LW, l.mfa);
  const bars: [string, number, number][] = [
    [l.bars[0], truth.weight, 100],
    [l.bars[1], truth.skeletalMuscleMass, 40],
    [l.bars[2], truth.bodyFatMass, 25],
  ];
  for (const [label, value, full] of bars) {
    y += 30;
    [55, 70, 85, 100, 115, 130, 145, 160, 175].forEach((m, k) =>
      text(LX + 230 + k * 55, y, String(m), 12, false, 'start', '#777'),
    );
    y += 30;
    text(LX + 10, y, `${label} (kg)`, 19);
    const w = Math.min(440, (value / full) * 220);
    out.push(
      `push graphic-context fill #333 rectangle ${String(LX + 230)},${String(y - 16)} ${String(LX + 230 + w)},${String(y)} pop graphic-context`,
    );
    text(LX + 240 + w, y, one(value), 21, true);
  }
  y += 70;
  section(LX, y, LW, l.oa);
  for (const [i, value] of [truth.bmi, truth.percentBodyFat].entries()) {
    y += 50;
    text(LX + 10, y, l.ob[i], 21, true);
    text(LX + 10, y + 18, l.obSub[i], 13, false, 'start', '#555');
    const w = Math.min(440, (value / 25) * 220);
    out.push(
      `push graphic-context fill #333 rectangle ${String(LX + 230)},${String(y - 16)} ${String(LX + 230 + w)},${String(y)} pop graphic-context`,
    );
    text(LX + 240 + w, y, one(value), 21, true);
  }
  y += 70;
  section(LX, y, LW, l.sla);
  y += 40;
  // Regions in a body-shaped grid: arms on the sides, trunk in the middle, legs below.
  const place = [
    [LX + 20, y],
    [LX + 500, y],
    [LX + 260, y + 40],
    [LX + 20, y + 110],
    [LX + 500, y + 110],
  ];
  inbodySegments.forEach((s, i) => {
    const [x, yy] = place[i];
    const d = truth.lean[s];
    text(x, yy, l.regions[i], 18);
    text(x, yy + 26, `${d.kg.toFixed(2)}kg`, 21, true);
    text(x, yy + 50, `${one(d.percent)}%`, 21, true);
    text(x + 110, yy + 50, l.levels[d.status], 16);
  });
  // Right column.
  const RX = 820;
  const RW = 360;
  box(RX, 200, RW, 150);
  text(RX + 16, 236, l.score, 22, true);
  text(RX + 16, 300, `${String(truth.score)}/100`, 48, true);
  text(RX + 230, 300, l.points, 20);
  text(
    RX + 16,
    330,
    lang === 'en' ? '* A muscular person may score over 100 points.' : '* Người nhiều cơ có thể trên 100 điểm.',
    11,
    false,
    'start',
    '#444',
  );
  let ry = 400;
  if (layout === '570') {
    section(RX, ry, RW, l.sfa);
    inbodySegments.forEach((s, i) => {
      ry += 40;
      const d = truth.fat[s];
      text(RX + 6, ry, l.regions[i], 17);
      text(RX + 200, ry, `${one(d.kg)}kg`, 19, true, 'end');
      text(RX + 290, ry, `${one(d.percent)}%`, 19, true, 'end');
      text(RX + 300, ry, l.levels[d.status], 13);
    });
    ry += 60;
  }
  section(RX, ry, RW, lang === 'en' ? 'Research Parameters' : 'Thông số nghiên cứu');
  const extra = [
    `${String(Math.round(370 + 21.6 * (truth.weight - truth.bodyFatMass)))} kcal`,
    String(Math.max(1, Math.round(truth.percentBodyFat / 3))),
    `${String(90 + (variant % 30))} %`,
  ];
  l.extra.forEach((e, i) => {
    ry += 36;
    text(RX + 6, ry, e, 15);
    text(RX + RW - 6, ry, extra[i], 17, true, 'end');
  });
  return out.join('\n');
}

/** The sheet as PNG, drawn by ImageMagick. */
export async function magickSheetPng(
  truth: SheetTruth,
  layout: SheetLayout,
  lang: SheetLang,
  variant: number,
): Promise<Buffer> {
  const { stdout } = await run(
    'convert',
    ['-size', '1240x1754', 'xc:white', '-draw', sheetMvg(truth, layout, lang, variant), 'png:-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}
