import type { Browser } from 'playwright';
import { inbodySegments } from '#api/inbody-fields.ts';
import type { SheetLang, SheetLayout, SheetTruth } from '#tests/support/inbody-sheet.ts';

// Issue 36 §5, renderer A: an InBody 270/570 result sheet written as HTML and CSS and printed to a
// PNG by Chromium. Written apart from inbody-sheet.ts (the SVG sheet the reader was tuned on) and
// from magick-sheet.ts: two columns as the machines print them (Body Composition Analysis,
// Muscle-Fat Analysis, Obesity Analysis, Segmental Lean on the left; the InBody Score box "NN/100
// Points" at the top right, Weight Control, Segmental Fat (570) and Research Parameters on the
// right), with the 570's composition table in columns and the score box's small print
// ("… may score over 100 points").

const T = {
  en: {
    title: 'Body Composition Analysis',
    head: ['ID', 'Height', 'Age', 'Gender', 'Test Date / Time'],
    male: 'Male',
    rows: {
      water: 'Total Body Water',
      protein: 'Protein',
      minerals: 'Minerals',
      fat: 'Body Fat Mass',
      weight: 'Weight',
    },
    cols: ['Values', 'Total Body Water', 'Soft Lean Mass', 'Fat Free Mass', 'Weight'],
    muscleFat: 'Muscle-Fat Analysis',
    bars: ['Weight', 'SMM', 'Body Fat Mass'],
    barsSub: ['', 'Skeletal Muscle Mass', ''],
    levels: ['Under', 'Normal', 'Over'],
    obesity: 'Obesity Analysis',
    bmi: ['BMI', 'Body Mass Index'],
    pbf: ['PBF', 'Percent Body Fat'],
    lean: 'Segmental Lean Analysis',
    fat: 'Segmental Fat Analysis',
    regions: ['Right Arm', 'Left Arm', 'Trunk', 'Right Leg', 'Left Leg'],
    status: { Normal: 'Normal', Over: 'Over', Under: 'Under' },
    score: 'InBody Score',
    points: 'Points',
    scoreNote:
      '* Total score that reflects the evaluation of body composition. A muscular person may score over 100 points.',
    control: 'Weight Control',
    controls: ['Target Weight', 'Weight Control', 'Fat Control', 'Muscle Control'],
    research: 'Research Parameters',
    researchRows: ['Basal Metabolic Rate', 'Visceral Fat Level', 'Waist-Hip Ratio'],
  },
  vi: {
    title: 'Phân tích thành phần cơ thể',
    head: ['ID', 'Chiều cao', 'Tuổi', 'Giới tính', 'Ngày/Giờ đo'],
    male: 'Nam',
    rows: {
      water: 'Tổng lượng nước',
      protein: 'Protein',
      minerals: 'Khoáng chất',
      fat: 'Lượng mỡ cơ thể',
      weight: 'Cân nặng',
    },
    cols: ['Giá trị', 'Tổng lượng nước', 'Khối nạc', 'Khối không mỡ', 'Cân nặng'],
    muscleFat: 'Phân tích cơ - mỡ',
    bars: ['Cân nặng', 'Cơ xương', 'Lượng mỡ cơ thể'],
    barsSub: ['', 'Khối lượng cơ xương', ''],
    levels: ['Dưới', 'Bình thường', 'Trên'],
    obesity: 'Phân tích béo phì',
    bmi: ['BMI', 'Chỉ số khối cơ thể'],
    pbf: ['PBF', 'Tỷ lệ mỡ cơ thể'],
    lean: 'Phân tích cơ từng vùng',
    fat: 'Phân tích mỡ từng vùng',
    regions: ['Tay phải', 'Tay trái', 'Thân', 'Chân phải', 'Chân trái'],
    status: { Normal: 'Bình thường', Over: 'Trên', Under: 'Dưới' },
    score: 'Điểm InBody',
    points: 'Điểm',
    scoreNote: '* Tổng điểm đánh giá thành phần cơ thể. Người nhiều cơ có thể đạt trên 100 điểm.',
    control: 'Kiểm soát cân nặng',
    controls: ['Cân nặng mục tiêu', 'Kiểm soát cân nặng', 'Kiểm soát mỡ', 'Kiểm soát cơ'],
    research: 'Thông số nghiên cứu',
    researchRows: ['Tỷ lệ trao đổi chất cơ bản', 'Mức mỡ nội tạng', 'Tỷ lệ eo-hông'],
  },
} as const;

/** Looks the renderer picks from by seed: fonts installed here, line weights, heading styles. */
const FONTS = ['Noto Sans', 'DejaVu Sans Condensed', 'DejaVu Sans', 'Noto Serif'];

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${String(c.charCodeAt(0))};`);
const one = (n: number) => n.toFixed(1);

/** The sheet's HTML (A4 at 150 dpi: 1240 × 1754 CSS pixels). */
export function sheetHtml(truth: SheetTruth, layout: SheetLayout, lang: SheetLang, variant: number): string {
  const t = T[lang];
  const font = FONTS[variant % FONTS.length];
  const rule = 1 + (variant % 3) * 0.5;
  const headBg = ['#c8c8c8', '#e6e6e6', '#ffffff'][variant % 3];
  const fatFree = truth.weight - truth.bodyFatMass;
  const softLean = fatFree - truth.minerals;
  const bar = (value: number, full: number) =>
    `<div class="bar"><i style="width:${String(Math.min(96, (value / full) * 40))}%"></i><b>${one(value)}</b></div>`;
  const scale = (marks: number[]) =>
    `<div class="scale">${marks.map((m) => `<span>${String(m)}</span>`).join('')}</div>`;
  const range = (v: number, a: number, b: number, digits = 1) =>
    `<small>${(v * a).toFixed(digits)} ~ ${(v * b).toFixed(digits)}</small>`;
  const composition =
    layout === '570'
      ? `<table class="bca"><tr>${t.cols.map((c) => `<th>${escape(c)}</th>`).join('')}</tr>
<tr><td>${escape(t.rows.water)} (L)</td><td class="v">${one(truth.totalBodyWater)} ${range(truth.totalBodyWater, 0.92, 1.1)}</td><td rowspan="2" class="v">${one(truth.totalBodyWater)}</td><td rowspan="3" class="v">${one(softLean)}</td><td rowspan="4" class="v">${one(truth.weight)}<br>${range(truth.weight, 0.85, 1.15)}</td></tr>
<tr><td>${escape(t.rows.protein)} (kg)</td><td class="v">${one(truth.protein)} ${range(truth.protein, 0.9, 1.1)}</td></tr>
<tr><td>${escape(t.rows.minerals)} (kg)</td><td class="v">${truth.minerals.toFixed(2)} ${range(truth.minerals, 0.9, 1.1, 2)}</td><td></td></tr>
<tr><td>${escape(t.rows.fat)} (kg)</td><td class="v">${one(truth.bodyFatMass)} ${range(truth.weight, 0.1, 0.2)}</td><td></td><td></td></tr></table>
<div class="ffm">${escape(t.cols[3])} ${one(fatFree)}</div>`
      : `<table class="bca">${(
          [
            [`${t.rows.water} (L)`, one(truth.totalBodyWater), range(truth.totalBodyWater, 0.92, 1.1)],
            [`${t.rows.protein} (kg)`, one(truth.protein), range(truth.protein, 0.9, 1.1)],
            [`${t.rows.minerals} (kg)`, truth.minerals.toFixed(2), range(truth.minerals, 0.9, 1.1, 2)],
            [`${t.rows.fat} (kg)`, one(truth.bodyFatMass), range(truth.weight, 0.1, 0.2)],
            [`${t.rows.weight} (kg)`, one(truth.weight), range(truth.weight, 0.85, 1.15)],
          ] as const
        )
          .map(([label, value, r]) => `<tr><td>${escape(label)}</td><td class="v">${value}</td><td>${r}</td></tr>`)
          .join('')}</table>`;
  const bars = [
    [t.bars[0], t.barsSub[0], truth.weight, 100, ' (kg)'],
    [t.bars[1], t.barsSub[1], truth.skeletalMuscleMass, 40, ' (kg)'],
    [t.bars[2], t.barsSub[2], truth.bodyFatMass, 25, ' (kg)'],
  ] as const;
  const muscleFat = `<div class="levels"><span></span>${t.levels.map((l) => `<em>${escape(l)}</em>`).join('')}</div>${bars
    .map(
      ([label, sub, value, full, unit]) =>
        `<div class="row"><div class="lab">${escape(label)}${unit}<br><small>${escape(sub)}</small></div><div>${scale([55, 70, 85, 100, 115, 130, 145, 160, 175])}${bar(value, full)}</div></div>`,
    )
    .join('')}`;
  const obesity = (
    [
      [t.bmi, truth.bmi, 22, ' (kg/m²)'],
      [t.pbf, truth.percentBodyFat, 20, ' (%)'],
    ] as const
  )
    .map(
      ([[a, b], value, full, unit]) =>
        `<div class="row"><div class="lab">${escape(a)}<br><small>${escape(b)}${unit}</small></div><div>${scale([10, 15, 18.5, 22, 25, 30, 35, 40, 45, 50])}${bar(value, full)}</div></div>`,
    )
    .join('');
  const segments = (data: SheetTruth['lean'], digits: number) =>
    `<table class="seg">${inbodySegments.map((s, i) => `<tr><td>${escape(t.regions[i])}</td><td class="v">${data[s].kg.toFixed(digits)}kg</td><td class="v">${one(data[s].percent)}%</td><td>${escape(t.status[data[s].status])}</td></tr>`).join('')}</table>`;
  const target = Math.round((truth.weight - truth.bodyFatMass * 0.3) * 10) / 10;
  const right = `<div class="scorebox"><h2>${escape(t.score)}</h2><div class="big">${String(truth.score)}<span>/100 ${escape(t.points)}</span></div><p class="note">${escape(t.scoreNote)}</p></div>
<h2>${escape(t.control)}</h2><table class="ctl">${t.controls.map((c, i) => `<tr><td>${escape(c)}</td><td class="v">${[one(target), one(target - truth.weight), one(-truth.bodyFatMass * 0.3), '+ 0.0'][i]} kg</td></tr>`).join('')}</table>
${layout === '570' ? `<h2>${escape(t.fat)}</h2>${segments(truth.fat, 1)}` : ''}
<h2>${escape(t.research)}</h2><table class="ctl"><tr><td>${escape(t.researchRows[0])}</td><td class="v">${String(Math.round(370 + 21.6 * fatFree))} kcal</td></tr><tr><td>${escape(t.researchRows[1])}</td><td class="v">${String(Math.max(1, Math.round(truth.percentBodyFat / 3)))}</td></tr><tr><td>${escape(t.researchRows[2])}</td><td class="v">0.${String(80 + (variant % 15))}</td></tr></table>`;
  const head = [truth.age, `${String(truth.heightCm)}cm`, truth.age, t.male, `${truth.testDate}. 08:15`];
  return `<!doctype html><html><head><meta charset="utf-8"><style>
*{box-sizing:border-box;margin:0;padding:0}
body{width:1240px;height:1754px;background:#fff;color:#151515;font-family:'${font}';font-size:19px;padding:50px 56px}
h1{font-size:50px;font-style:italic;display:inline-block;margin-right:30px}
.model{font-size:26px;border:${String(rule)}px solid #333;padding:2px 10px;vertical-align:middle}
.head{display:flex;gap:0;margin:14px 0 16px;border-top:${String(rule * 2)}px solid #222;border-bottom:${String(rule)}px solid #222}
.head div{flex:1;padding:4px 6px}.head small{display:block;color:#444;font-size:16px}
.cols{display:flex;gap:26px}.left{flex:0 0 760px}.right{flex:1}
h2{font-size:22px;background:${headBg};border-bottom:${String(rule)}px solid #222;padding:3px 8px;margin:16px 0 6px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:${String(rule * 0.6)}px solid #999;padding:5px 6px;text-align:left;font-weight:400}
th{font-size:15px;color:#333}.v{font-weight:700;font-size:21px}small{font-weight:400;font-size:15px;color:#555}
.ffm{font-size:16px;color:#333;margin-top:4px}
.row{display:flex;align-items:flex-end;margin:4px 0}.lab{flex:0 0 190px;font-size:18px}
.scale{display:flex;justify-content:space-between;font-size:12px;color:#777;width:540px}
.bar{position:relative;height:22px;width:540px;border-left:${String(rule)}px solid #333}.bar i{position:absolute;left:0;top:3px;height:16px;background:#2a2a2a}
.bar b{position:absolute;top:-2px;font-size:19px}
.levels{display:flex;font-size:14px;color:#444}.levels span{flex:0 0 190px}.levels em{flex:1;font-style:normal;text-align:center}
.seg td{font-size:19px}
.scorebox{border:${String(rule * 2)}px solid #222;padding:8px 10px;margin-top:16px}.scorebox h2{margin:0 0 4px;background:none;border:0;padding:0}
.big{font-size:46px;font-weight:700}.big span{font-size:22px;font-weight:400;margin-left:4px}.note{font-size:12px;color:#444;margin-top:6px}
.ctl td{font-size:17px}
</style></head><body><h1>InBody</h1><span class="model">${layout === '570' ? '[InBody570]' : 'InBody270'}</span>
<div class="head">${t.head.map((h, i) => `<div><small>${escape(h)}</small>${escape(String(i === 0 ? `A${String(1000 + variant)}` : head[i]))}</div>`).join('')}</div>
<div class="cols"><div class="left"><h2>${escape(t.title)}</h2>${composition}<h2>${escape(t.muscleFat)}</h2>${muscleFat}<h2>${escape(t.obesity)}</h2>${obesity}<h2>${escape(t.lean)}</h2>${segments(truth.lean, 2)}</div>
<div class="right">${right}</div></div>
<script>document.querySelectorAll('.bar').forEach(b=>{const i=b.querySelector('i'),v=b.querySelector('b');v.style.left=(i.offsetWidth+6)+'px'})</script>
</body></html>`;
}

/** Renders sheets with one Chromium for many pages. */
export async function htmlSheetRenderer(browser: Browser) {
  const page = await browser.newPage({ viewport: { width: 1240, height: 1754 }, deviceScaleFactor: 1 });
  return {
    render: async (truth: SheetTruth, layout: SheetLayout, lang: SheetLang, variant: number): Promise<Buffer> => {
      await page.setContent(sheetHtml(truth, layout, lang, variant), { waitUntil: 'load' });
      return page.screenshot({ type: 'png', fullPage: false });
    },
    close: () => page.close(),
  };
}
