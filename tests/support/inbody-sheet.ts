import sharp, { type OverlayOptions } from 'sharp';
import { inbodySegments, levelOfPercent, type InbodyLevel, type InbodySegment } from '#api/inbody-fields.ts';
import { seededRandom } from '#gateway/db/seeded-random.ts';

// Generated InBody result sheets for the reader's tests and bench (issue 14): drawn as SVG, in the
// 270 and 570 layouts, English and Vietnamese, with made-up people; then photographed badly on
// purpose (rotation, skew, shadow, blur, noise, JPEG, a desk around the paper).

export type SheetLayout = '270' | '570';
export type SheetLang = 'en' | 'vi';
export type Grade = 'clean' | 'mild' | 'hard';

export type SheetTruth = {
  weight: number;
  skeletalMuscleMass: number;
  percentBodyFat: number;
  bodyFatMass: number;
  score: number;
  totalBodyWater: number;
  protein: number;
  minerals: number;
  bmi: number;
  lean: Record<InbodySegment, { kg: number; percent: number; status: InbodyLevel }>;
  fat: Record<InbodySegment, { kg: number; percent: number; status: InbodyLevel }>;
  heightCm: number;
  age: number;
  testDate: string;
};

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A plausible person: the composition adds up as InBody prints it (one decimal, minerals two). */
export function randomTruth(seed: number): SheetTruth {
  const random = seededRandom(seed);
  const between = (a: number, b: number) => a + (b - a) * random();
  const heightCm = Math.round(between(150, 190));
  const weight = round(between(45, 110), 1);
  const percentBodyFat = round(between(8, 40), 1);
  const bodyFatMass = round((weight * percentBodyFat) / 100, 1);
  const fatFree = weight - bodyFatMass;
  const minerals = round(fatFree * between(0.055, 0.065), 2);
  const protein = round(fatFree * between(0.19, 0.21), 1);
  // Water takes the rounding, so that weight = water + protein + minerals + fat to 0.1 on the sheet.
  const totalBodyWater = round(weight - bodyFatMass - protein - minerals, 1);
  // §5 bounds: skeletal muscle 10–50 kg (a heavier, more muscular member's sheet cannot be saved as it is).
  const skeletalMuscleMass = Math.min(49.9, round(fatFree * between(0.52, 0.58), 1));
  const score = Math.round(
    Math.min(99, Math.max(45, 80 + (skeletalMuscleMass / weight - 0.4) * 100 - (percentBodyFat - 20) * 0.8)),
  );
  const segment = (share: number, spread: number) => {
    const percent = round(between(100 - spread, 100 + spread), 1);
    return { kg: round(fatFree * share * between(0.95, 1.05), 2), percent, status: levelOfPercent(percent) };
  };
  const lean = {
    rightArm: segment(0.055, 25),
    leftArm: segment(0.054, 25),
    trunk: segment(0.44, 15),
    rightLeg: segment(0.155, 20),
    leftLeg: segment(0.154, 20),
  };
  const fatSeg = (share: number) => {
    const percent = round(between(60, 260), 1);
    return { kg: round(bodyFatMass * share, 1), percent, status: levelOfPercent(percent) };
  };
  const fat = {
    rightArm: fatSeg(0.06),
    leftArm: fatSeg(0.06),
    trunk: fatSeg(0.5),
    rightLeg: fatSeg(0.15),
    leftLeg: fatSeg(0.15),
  };
  const day = 1 + Math.floor(random() * 27);
  const month = 1 + Math.floor(random() * 12);
  return {
    weight,
    skeletalMuscleMass,
    percentBodyFat,
    bodyFatMass,
    score,
    totalBodyWater,
    protein,
    minerals,
    bmi: round(weight / (heightCm / 100) ** 2, 1),
    lean,
    fat,
    heightCm,
    age: Math.round(between(18, 70)),
    testDate: `2026.${String(month).padStart(2, '0')}.${String(day).padStart(2, '0')}`,
  };
}

const words = {
  en: {
    composition: 'Body Composition Analysis',
    water: 'Total Body Water (L)',
    protein: 'Protein (kg)',
    minerals: 'Minerals (kg)',
    fatMass: 'Body Fat Mass (kg)',
    weight: 'Weight (kg)',
    muscleFat: 'Muscle-Fat Analysis',
    smm: 'SMM Skeletal Muscle Mass (kg)',
    obesity: 'Obesity Analysis',
    bmi: 'BMI Body Mass Index (kg/m²)',
    pbf: 'PBF Percent Body Fat (%)',
    lean: 'Segmental Lean Analysis',
    fat: 'Segmental Fat Analysis',
    score: 'InBody Score',
    points: 'Points',
    header: ['ID', 'Height', 'Age', 'Gender', 'Test Date / Time'],
    gender: 'Male',
    regions: { rightArm: 'Right Arm', leftArm: 'Left Arm', trunk: 'Trunk', rightLeg: 'Right Leg', leftLeg: 'Left Leg' },
    levels: { Normal: 'Normal', Over: 'Over', Under: 'Under' },
    bmr: 'Basal Metabolic Rate',
    visceral: 'Visceral Fat Level',
  },
  vi: {
    composition: 'Phân tích thành phần cơ thể',
    water: 'Tổng lượng nước (L)',
    protein: 'Protein (kg)',
    minerals: 'Khoáng chất (kg)',
    fatMass: 'Lượng mỡ cơ thể (kg)',
    weight: 'Cân nặng (kg)',
    muscleFat: 'Phân tích cơ - mỡ',
    smm: 'Lượng cơ xương (kg)',
    obesity: 'Phân tích béo phì',
    bmi: 'Chỉ số khối cơ thể BMI (kg/m²)',
    pbf: 'Tỷ lệ mỡ cơ thể (%)',
    lean: 'Phân tích cơ từng vùng',
    fat: 'Phân tích mỡ từng vùng',
    score: 'Điểm InBody',
    points: 'Điểm',
    header: ['ID', 'Chiều cao', 'Tuổi', 'Giới tính', 'Ngày đo'],
    gender: 'Nam',
    regions: { rightArm: 'Tay phải', leftArm: 'Tay trái', trunk: 'Thân', rightLeg: 'Chân phải', leftLeg: 'Chân trái' },
    levels: { Normal: 'Bình thường', Over: 'Trên', Under: 'Dưới' },
    bmr: 'Tỷ lệ trao đổi chất cơ bản',
    visceral: 'Mức mỡ nội tạng',
  },
} as const;

const esc = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);

/** Fonts the sheets are printed in (a different printer, firmware or language pack). */
export const SHEET_FONTS = ['DejaVu Sans', 'Liberation Sans', 'Noto Sans', 'Liberation Sans Narrow'] as const;

export type SheetLook = { font: (typeof SHEET_FONTS)[number]; valueX: number; rowGap: number };

/** The sheet as SVG, A4-like 1240×1754 (150 dpi). */
export function sheetSvg(
  truth: SheetTruth,
  layout: SheetLayout,
  lang: SheetLang,
  look: SheetLook = { font: 'DejaVu Sans', valueX: 560, rowGap: 46 },
): string {
  const w = words[lang];
  const vx = look.valueX;
  const parts: string[] = [];
  const text = (x: number, y: number, value: string, size = 24, extra = '') =>
    parts.push(`<text x="${String(x)}" y="${String(y)}" font-size="${String(size)}" ${extra}>${esc(value)}</text>`);
  const heading = (y: number, value: string) => {
    parts.push(`<rect x="60" y="${String(y - 30)}" width="1120" height="42" fill="#d9d9d9"/>`);
    text(72, y, value, 26, 'font-weight="700"');
  };
  text(60, 90, 'InBody', 56, 'font-weight="700" font-style="italic"');
  text(840, 90, layout === '570' ? 'InBody570' : 'InBody270', 30);
  const header = w.header;
  const headerValues = [
    '0912345678',
    `${String(truth.heightCm)}cm`,
    String(truth.age),
    w.gender,
    `${truth.testDate}. 08:15`,
  ];
  header.forEach((label, i) => {
    text(60 + i * 220, 150, label, 20, 'fill="#444"');
    text(60 + i * 220, 182, headerValues[i], 24);
  });
  let y = 250;
  heading(y, w.composition);
  const rows: [string, string, string][] = [
    [w.water, f1(truth.totalBodyWater), `(${f1(truth.totalBodyWater * 0.92)} ~ ${f1(truth.totalBodyWater * 1.1)})`],
    [w.protein, f1(truth.protein), `(${f1(truth.protein * 0.9)} ~ ${f1(truth.protein * 1.1)})`],
    [w.minerals, f2(truth.minerals), `(${f2(truth.minerals * 0.9)} ~ ${f2(truth.minerals * 1.1)})`],
    [w.fatMass, f1(truth.bodyFatMass), `(${f1(truth.weight * 0.1)} ~ ${f1(truth.weight * 0.2)})`],
    [w.weight, f1(truth.weight), `(${f1(truth.weight * 0.85)} ~ ${f1(truth.weight * 1.1)})`],
  ];
  for (const [label, value, range] of rows) {
    y += look.rowGap;
    text(80, y, label, 24);
    text(vx, y, value, 26, 'font-weight="700"');
    text(vx + 160, y, range, 20, 'fill="#555"');
  }
  y += 80;
  heading(y, w.muscleFat);
  const bars: [string, number, number][] = [
    [w.weight, truth.weight, 100],
    [w.smm, truth.skeletalMuscleMass, 40],
    [w.fatMass, truth.bodyFatMass, 25],
  ];
  for (const [label, value, full] of bars) {
    y += 34;
    const scale = [55, 70, 85, 100, 115, 130, 145, 160, 175].map((p) => String(p)).join('     ');
    text(470, y, scale, 15, 'fill="#777"');
    y += 36;
    text(80, y, label, 22);
    const width = Math.min(560, (value / full) * 300);
    parts.push(`<rect x="470" y="${String(y - 20)}" width="${String(width)}" height="22" fill="#333"/>`);
    text(480 + width, y, f1(value), 24, 'font-weight="700"');
  }
  y += 80;
  heading(y, w.obesity);
  y += 50;
  text(80, y, w.bmi, 22);
  text(vx, y, f1(truth.bmi), 24, 'font-weight="700"');
  y += look.rowGap;
  text(80, y, w.pbf, 22);
  text(vx, y, f1(truth.percentBodyFat), 24, 'font-weight="700"');
  const segmentTable = (title: string, data: SheetTruth['lean'], kgDigits: number) => {
    y += 80;
    heading(y, title);
    for (const s of inbodySegments) {
      y += 44;
      const d = data[s];
      text(80, y, w.regions[s], 24);
      text(420, y, `${d.kg.toFixed(kgDigits)} kg`, 24, 'font-weight="700"');
      text(620, y, `${f1(d.percent)} %`, 24, 'font-weight="700"');
      text(820, y, w.levels[d.status], 24);
    }
  };
  segmentTable(w.lean, truth.lean, 2);
  if (layout === '570') segmentTable(w.fat, truth.fat, 1);
  y += 90;
  text(80, y, w.score, 30, 'font-weight="700"');
  text(vx, y, `${String(truth.score)}/100 ${w.points}`, 34, 'font-weight="700"');
  y += 60;
  text(
    80,
    y,
    `${w.bmr} ${String(Math.round(370 + 21.6 * (truth.weight - truth.bodyFatMass)))} kcal`,
    20,
    'fill="#444"',
  );
  y += 36;
  text(80, y, `${w.visceral} ${String(Math.max(1, Math.round(truth.percentBodyFat / 3)))}`, 20, 'fill="#444"');
  const height = Math.max(1754, y + 80);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="${String(height)}" font-family="${look.font}" fill="#111"><rect width="1240" height="${String(height)}" fill="#ffffff"/>${parts.join('')}</svg>`;
}

type Degrade = {
  rotate: number;
  skew: number;
  keystone: number;
  shadow: number;
  blur: number;
  noise: number;
  quality: number;
  width: number;
  desk: boolean;
};

const GRADES: Record<Grade, (r: () => number) => Degrade> = {
  clean: () => ({
    rotate: 0,
    skew: 0,
    keystone: 0,
    shadow: 0,
    blur: 0,
    noise: 0,
    quality: 90,
    width: 1240,
    desk: false,
  }),
  mild: (r) => ({
    rotate: (r() - 0.5) * 8,
    skew: (r() - 0.5) * 0.04,
    keystone: r() * 0.05,
    shadow: 0.15 + r() * 0.2,
    blur: 0.7,
    noise: 8,
    quality: 75,
    width: 1300,
    desk: true,
  }),
  hard: (r) => ({
    rotate: (r() - 0.5) * 16,
    skew: (r() - 0.5) * 0.08,
    keystone: 0.04 + r() * 0.06,
    shadow: 0.35 + r() * 0.2,
    blur: 1.1,
    noise: 14,
    quality: 55,
    width: 1100,
    desk: true,
  }),
};

/** The top of the page farther from the lens than the bottom: each row narrowed towards the centre (nearest pixel). */
async function keystone(png: Buffer, amount: number, background: [number, number, number]): Promise<Buffer> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const out = Buffer.alloc(data.length);
  const cx = width / 2;
  for (let y = 0; y < height; y++) {
    const scale = 1 - amount * (1 - y / height);
    for (let x = 0; x < width; x++) {
      const sx = Math.round(cx + (x - cx) / scale);
      const o = (y * width + x) * 3;
      if (sx < 0 || sx >= width) {
        [out[o], out[o + 1], out[o + 2]] = background;
      } else {
        const i = (y * width + sx) * 3;
        out[o] = data[i];
        out[o + 1] = data[i + 1];
        out[o + 2] = data[i + 2];
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * How long a journey waits for the gateway's answer to a sheet photo (the confirm dialog, or the
 * unreadable photo's reason): the run's first photo starts the OCR's processes and loads its models,
 * and under CI's three suites on two cores that once took more than 30 s.
 */
export const SHEET_READ_TIMEOUT = 60_000;

/** A photo of the sheet in the given grade: JPEG bytes. */
export async function sheetPhoto(
  truth: SheetTruth,
  layout: SheetLayout,
  lang: SheetLang,
  grade: Grade,
  seed = 1,
): Promise<Buffer> {
  const random = seededRandom(seed * 7919 + 17);
  const d = GRADES[grade](random);
  const look: SheetLook =
    grade === 'clean' && seed % 2 === 1
      ? { font: 'DejaVu Sans', valueX: 560, rowGap: 46 }
      : {
          font: SHEET_FONTS[seed % SHEET_FONTS.length],
          valueX: 520 + Math.round(random() * 80),
          rowGap: 42 + Math.round(random() * 8),
        };
  let paper: Buffer = await sharp(Buffer.from(sheetSvg(truth, layout, lang, look)))
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  if (d.skew)
    paper = await sharp(paper)
      .affine([1, d.skew, -d.skew / 2, 1], { background: '#ffffff' })
      .png()
      .toBuffer();
  if (d.rotate)
    paper = await sharp(paper)
      .rotate(d.rotate, { background: d.desk ? '#7a5a3c' : '#ffffff' })
      .png()
      .toBuffer();
  if (d.keystone) paper = await keystone(paper, d.keystone, d.desk ? [0x7a, 0x5a, 0x3c] : [255, 255, 255]);
  const meta = await sharp(paper).metadata();
  let width = meta.width ?? 1240;
  let height = meta.height ?? 1754;
  if (d.desk) {
    const margin = Math.round(width * 0.06);
    paper = await sharp(paper)
      .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#7a5a3c' })
      .png()
      .toBuffer();
    width += 2 * margin;
    height += 2 * margin;
  }
  const overlays: OverlayOptions[] = [];
  if (d.shadow) {
    const shadow = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#000" stop-opacity="${String(d.shadow)}"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    overlays.push({ input: Buffer.from(shadow), blend: 'over' });
  }
  if (d.noise) {
    const noise = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const v = Math.round((random() - 0.5) * 2 * d.noise * 4);
      const o = i * 4;
      noise[o] = v > 0 ? 255 : 0;
      noise[o + 1] = noise[o];
      noise[o + 2] = noise[o];
      noise[o + 3] = Math.min(255, Math.abs(v));
    }
    overlays.push({ input: noise, raw: { width, height, channels: 4 }, blend: 'over' });
  }
  let image = sharp(paper);
  if (overlays.length) image = sharp(await image.composite(overlays).png().toBuffer());
  image = image.resize({ width: d.width });
  if (d.blur) image = image.blur(d.blur);
  return image.jpeg({ quality: d.quality }).toBuffer();
}
