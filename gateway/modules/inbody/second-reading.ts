import { inbodyTopFields, type inbodyCoreFields } from '#api/inbody-fields.ts';
import { asPlaced, boxPlaces, readBox, type Box, type BoxField, type SheetModel } from './layout.ts';
import type { GreyCrop, LineText } from './line-reader.ts';
import type { ReadLines } from './ocr-pool.ts';
import { labelOf, parseSheet, scoreLineOf, type OcrLine, type Reading } from './parse.ts';

// Issue 36 (ADR 086): the rows that hold the core values, cut from the raw page by tesseract's line
// boxes, read again by the second engine (PaddleOCR's recognizer, line-reader.ts). Its readings are
// marked `second`: checks.ts confirms a value that both engines read alike.

type InbodyCoreField = (typeof inbodyCoreFields)[number];

/** A crop of the raw page (rows copied, no image decoded). */
export function cropOf(page: GreyCrop, box: { left: number; top: number; width: number; height: number }): GreyCrop {
  const left = Math.max(0, Math.round(box.left));
  const top = Math.max(0, Math.round(box.top));
  const width = Math.min(page.width - left, Math.round(box.width));
  const height = Math.min(page.height - top, Math.round(box.height));
  const data = new Uint8Array(Math.max(0, width * height));
  for (let y = 0; y < height; y++)
    data.set(page.data.subarray((top + y) * page.width + left, (top + y) * page.width + left + width), y * width);
  return { data, width, height };
}

/**
 * The Muscle-Fat and Obesity bars whitened out of a line's crop (ADR 086): a solid dark band, dark
 * through half the crop's height for at least 1.5 heights across, with a margin for its blurred end.
 * The recognizer, trained on lines of text, reads "PBF ▬▬▬ 29.5" as "9" and "PBF 29.5" right.
 */
export function withoutBars(crop: GreyCrop): GreyCrop {
  const { data, width, height } = crop;
  const dark = new Uint8Array(width);
  for (let x = 0; x < width; x++) {
    let n = 0;
    for (let y = 0; y < height; y++) if (data[y * width + x] < 128) n++;
    dark[x] = n >= height * 0.3 ? 1 : 0;
  }
  const out = Uint8Array.from(data);
  const margin = Math.ceil(height * 0.2);
  for (let x = 0; x < width;) {
    if (!dark[x]) {
      x++;
      continue;
    }
    let end = x;
    while (end < width && dark[end]) end++;
    if (end - x >= height * 2)
      for (let y = 0; y < height; y++)
        out.fill(255, y * width + Math.max(0, x - margin), y * width + Math.min(width, end + margin));
    x = end;
  }
  return { data: out, width, height };
}

/** Ink in a line's crop, for the rulings and the pieces (0–255 grey). */
const INK = 140;

/** A ruling's grey: a thin rule comes out lighter than print (grey, in part), its run broken at INK. */
const RULE_INK = 200;

/**
 * A table's horizontal rulings whitened out of a line's crop: grey or darker that runs on along a row
 * (with the two rows above and below it: a rule on a flattened page still slants up to ≈ 0.5°) for at
 * least 8 crop heights. Print has no such run; a rule under a row joined its label, value and unit
 * into one piece ("Protein12.6(1.313.9)Weight"), and a rule alone was a piece 1000 px wide that read
 * as nothing (a clean tuning photo: 5 of its 17 pieces, ≈ 0.4 s of the recognizer). A crop grey
 * through a third of it (a dark or noisy photo) is left as it is: its runs are no rule's.
 */
export function withoutRules(crop: GreyCrop): GreyCrop {
  const { data, width, height } = crop;
  const minRun = Math.max(80, height * 8);
  if (width < minRun) return crop;
  let grey = 0;
  for (const value of data) if (value < RULE_INK) grey++;
  if (grey > data.length / 3) return crop;
  let out: Uint8Array | undefined;
  const inkNear = (x: number, y: number) => {
    for (let yy = Math.max(0, y - 2); yy <= Math.min(height - 1, y + 2); yy++)
      if (data[yy * width + x] < RULE_INK) return true;
    return false;
  };
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const ink = x < width && inkNear(x, y);
      if (ink && start < 0) start = x;
      if (!ink && start >= 0) {
        if (x - start >= minRun)
          for (let k = y * width + start; k < y * width + x; k++)
            if (data[k] < RULE_INK) (out ??= Uint8Array.from(data))[k] = 255;
        start = -1;
      }
    }
  }
  return out ? { data: out, width, height } : crop;
}

/**
 * A line's crop cut at its wide gaps (label, value, unit), each piece trimmed to its ink and given a
 * margin: the recognizer reads print that fills its 48 px best ("PBF          29.5" read as "5").
 */
export function piecesOf(crop: GreyCrop): GreyCrop[] {
  const { data, width, height } = crop;
  // A box's vertical rule (dark through most of the crop's height) is no print: it would join the lines above and below.
  const rule = new Uint8Array(width);
  for (let x = 0; x < width; x++) {
    let n = 0;
    for (let y = 0; y < height; y++) if (data[y * width + x] < INK) n++;
    rule[x] = n >= height * 0.8 ? 1 : 0;
  }
  const inked = (x: number) => {
    if (rule[x]) return false;
    for (let y = 0; y < height; y++) if (data[y * width + x] < INK) return true;
    return false;
  };
  const gap = Math.max(4, Math.round(height * 0.6));
  const spans: [number, number][] = [];
  let start = -1;
  let blank = 0;
  for (let x = 0; x <= width; x++) {
    const ink = x < width && inked(x);
    if (ink) {
      if (start < 0) start = x;
      blank = 0;
    } else if (start >= 0 && (++blank >= gap || x === width)) {
      spans.push([start, x - blank + 1]);
      start = -1;
    }
  }
  const out: GreyCrop[] = [];
  for (const [x0, x1] of spans) {
    // The piece's rows of ink: where the crop holds a neighbour's print above or below (the score's
    // heading over its large digits), the tallest band of rows is the line's.
    let [y0, y1] = [height, -1];
    let bandStart = -1;
    for (let y = 0; y <= height; y++) {
      let ink = false;
      if (y < height) for (let x = x0; x < x1 && !ink; x++) ink = !rule[x] && data[y * width + x] < INK;
      if (ink && bandStart < 0) bandStart = y;
      if (!ink && bandStart >= 0) {
        if (y - 1 - bandStart > y1 - y0) [y0, y1] = [bandStart, y - 1];
        bandStart = -1;
      }
    }
    // Specks and a ruling's remains: too small to be print.
    if (y1 - y0 < Math.max(4, height * 0.25) || x1 - x0 < (y1 - y0) * 0.3) continue;
    const pad = Math.max(3, Math.round((y1 - y0) * 0.2));
    const w = x1 - x0 + pad * 2;
    const h = y1 - y0 + 1 + pad * 2;
    const piece = new Uint8Array(w * h).fill(255);
    for (let y = y0; y <= y1; y++) piece.set(data.subarray(y * width + x0, y * width + x1), (y - y0 + pad) * w + pad);
    out.push({ data: piece, width: w, height: h });
  }
  return out;
}

/** A bar's scale ("115 130 145 160 175"), no letters: no value to read again. */
const isScaleLine = (line: OcrLine) => !/[a-z]{2}/i.test(line.text) && (line.text.match(/\d+/g) ?? []).length >= 3;

/**
 * A mark that is a word of its own: no letter, digit, decimal mark, percent or range sign. The slash: the
 * score's digits ("90/100") are as sure as they are, whatever the slash. A bar's blurred end read as a quote
 * after the value ("20.8\"" at 99, 99, 97, 90 and 39 %, a fresh hard tuning photo) leaves the value as sure
 * as its digits: read as one word, it was dropped at 39 %.
 */
const MARK_ALONE = /[^\p{L}\p{N}\s.,%~\-–]/u;

/** The second engine's line as an OcrLine: its words' confidence is their least sure character's (0–100). */
export function asOcrLine(read: LineText, box: OcrLine['box']): OcrLine {
  const words: OcrLine['words'] = [];
  let word = { text: '', p: 1 };
  for (const { char, p } of [...read.chars, { char: ' ', p: 1 }]) {
    const mark = MARK_ALONE.test(char);
    if (char === ' ' || mark) {
      if (word.text) words.push({ text: word.text, confidence: Math.round(word.p * 100) });
      word = { text: '', p: 1 };
      if (mark) words.push({ text: char, confidence: Math.round(p * 100) });
    } else word = { text: word.text + char, p: Math.min(word.p, p) };
  }
  return { text: read.text.trim(), words, box };
}

/** What the second engine read by label, marked `second`: every top field, the score only as "NN/100" (NN 10–99). */
export function labelledSeconds(read: OcrLine[]): Partial<Record<BoxField, Reading[]>> {
  const labelled = parseSheet(read);
  return Object.fromEntries(
    inbodyTopFields.map((field) => [
      field,
      labelled[field]
        .filter((r) => field !== 'score' || (r.outOf100 && r.value >= 10 && r.value < 100))
        .map((r) => ({ ...r, second: true })),
    ]),
  );
}

/**
 * The boxes whose lines the second engine reads again, for each core field left unconfirmed: the
 * Muscle-Fat bars hold weight, SMM and fat mass; the Obesity bars PBF; the composition (the sum's
 * parts) only where weight or fat mass is in doubt. The score's line is read for the score.
 */
const SECOND_BOXES: Record<Exclude<InbodyCoreField, 'score'>, Box[]> = {
  weight: ['muscleFat', 'composition'],
  skeletalMuscleMass: ['muscleFat'],
  bodyFatMass: ['muscleFat', 'composition'],
  percentBodyFat: ['obesity'],
};

/**
 * ADR 086: the lines that hold the core values (the rows of the composition, Muscle-Fat and Obesity
 * boxes, and the score's line, where tesseract placed them) read again by PaddleOCR's recognizer.
 * What it reads by label, and the score as "NN/100", is a second, independent reading
 * (`second`), which checks.ts may confirm a value with; rows known only by their place are offered.
 */
export async function secondReading(
  page: GreyCrop,
  lines: OcrLine[],
  model: SheetModel | undefined,
  readLines: ReadLines,
  fields: readonly InbodyCoreField[],
): Promise<Partial<Record<BoxField, Reading[]>>> {
  // ADR 090: SMM is in doubt on almost every sheet (no sum covers it; only the second engine may
  // confirm it). Where it is the only field of the Muscle-Fat box in doubt and its labelled line with
  // a value was read, that line alone is read again, not the whole box (its bars' scales, the weight's
  // and fat mass's rows): two or three pieces.
  const smmLines = lines.filter(
    (l) => l.box && labelOf(l) === 'skeletalMuscleMass' && /\d[.,]\d/.test(l.text) && !isScaleLine(l),
  );
  const smmAlone =
    fields.includes('skeletalMuscleMass') &&
    !fields.some((f) => f !== 'skeletalMuscleMass' && f !== 'score' && SECOND_BOXES[f].includes('muscleFat')) &&
    smmLines.length > 0;
  const boxes = new Set(
    fields.flatMap((f) => (f === 'score' || (smmAlone && f === 'skeletalMuscleMass') ? [] : SECOND_BOXES[f])),
  );
  const places = boxPlaces(lines, page.width, page.height).filter((p) => boxes.has(p.box));
  const wanted: { line: OcrLine; box?: Box; crop: GreyCrop; after?: boolean }[] = [];
  const lineCrop = (line: OcrLine, above: number) => {
    const b = line.box!;
    const h = b.y1 - b.y0;
    return withoutRules(
      withoutBars(
        cropOf(page, {
          left: b.x0 - h * 0.5,
          top: b.y0 - h * above,
          width: b.x1 - b.x0 + h,
          height: h * (1 + above + 0.25),
        }),
      ),
    );
  };
  for (const place of places)
    for (const line of lines)
      if (
        line.box &&
        (line.box.y0 + line.box.y1) / 2 > place.top &&
        (line.box.y0 + line.box.y1) / 2 < place.bottom &&
        !isScaleLine(line)
      )
        wanted.push({ line, box: place.box, crop: lineCrop(line, 0.25) });
  // A field whose boxes were not placed (their headings too garbled, ADR 075): its labelled lines, each
  // with the line after it, where the value may stand on its own beyond the bar ("SMM (kg)" then "… 36.2").
  const placedBoxes = new Set(places.map((p) => p.box));
  const unplaced = new Set(
    fields.filter(
      (f) =>
        f !== 'score' && !(smmAlone && f === 'skeletalMuscleMass') && !SECOND_BOXES[f].some((b) => placedBoxes.has(b)),
    ),
  );
  const withBox = lines.filter((l) => l.box && !isScaleLine(l));
  withBox.forEach((line, i) => {
    const field = labelOf(line);
    if (!field || !unplaced.has(field as InbodyCoreField)) return;
    wanted.push({ line, crop: lineCrop(line, 0.25) });
    const after = withBox[i + 1] as OcrLine | undefined;
    if (after && !labelOf(after)) wanted.push({ line: after, crop: lineCrop(after, 0.25), after: true });
  });
  if (smmAlone) for (const line of smmLines) wanted.push({ line, crop: lineCrop(line, 0.25) });
  const score = fields.includes('score') ? scoreLineOf(lines) : undefined;
  // The large digits stand above the line tesseract found (ADR 084).
  if (score?.box) wanted.push({ line: score, crop: lineCrop(score, 0.8) });
  const usable = wanted.filter((w) => w.crop.width >= 8 && w.crop.height >= 8);
  const pieces = usable.map((w) => piecesOf(w.crop));
  const texts = await readLines(pieces.flat());
  let at = 0;
  const joinedOf = (parts: LineText[]) => {
    const joined: LineText = { text: '', chars: [] };
    for (const part of parts) {
      if (joined.chars.length) joined.chars.push({ char: ' ', p: 1 });
      joined.chars.push(...part.chars);
    }
    joined.text = joined.chars.map((c) => c.char).join('');
    return joined;
  };
  const lineTexts = pieces.map((p) => joinedOf(texts.slice(at, (at += p.length))));
  // A labelled line read without a number takes the line after it as its value.
  const read = lineTexts.map((text, i) =>
    usable[i + 1]?.after && !/\d/.test(text.text)
      ? asOcrLine(joinedOf([text, lineTexts[i + 1]]), usable[i].line.box)
      : asOcrLine(usable[i].after ? { text: '', chars: [] } : text, usable[i].line.box),
  );
  // ADR 090: the composition's parts too, where its rows were read (weight or fat mass in doubt): the
  // sum (weight = water + protein + minerals + fat) may then hold with what tesseract lost.
  const out = labelledSeconds(read);
  const add = (field: BoxField, readings: Reading[]) =>
    (out[field] = [...(out[field] ?? []), ...readings.map((r) => ({ ...r, second: true }))]);
  for (const place of places) {
    const inBox = read.filter((_, i) => usable[i].box === place.box);
    for (const [field, readings] of Object.entries(readBox(place.box, model, inBox)) as [BoxField, Reading[]][])
      add(field, asPlaced(readings));
  }
  return out;
}
