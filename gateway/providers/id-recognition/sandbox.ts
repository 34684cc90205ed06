import { createRequire } from 'node:module';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { createWorker, PSM } from 'tesseract.js';
import { Codes } from '#api/codes.ts';
import { cardExpiryByLaw, parseCccdQr } from './cccd.ts';
import { findTd3Lines, readTd3 } from './mrz.ts';
import { IdRecognitionError, type IdPhoto, type IdReading, type IdRecognitionPort } from './port.ts';

// FPT.AI's own floor (providers.md): about 640×480.
const MIN_LONG_SIDE = 640;
const MIN_SHORT_SIDE = 480;
/** Below this spread of the Laplacian the photo has no sharp edges: blurred or out of focus. */
export const BLUR_LAPLACIAN_STDEV = 6;
/** The side OCR and the QR decoder work at: enough for a card's print, quick on a 2-core machine. */
const WORK_SIDE = 1600;

const require = createRequire(import.meta.url);
// The English model ships inside an npm package: nothing is downloaded at run time (ARCHITECTURE).
const ENG_DATA = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

async function ocr(image: Buffer, onlyChars?: string): Promise<{ text: string; confidence: number }> {
  const worker = await createWorker('eng', 1, { langPath: ENG_DATA, gzip: true, cacheMethod: 'none' });
  try {
    // A machine-readable zone is one block of a known alphabet: saying so stops '<' reading as '(' or '«'.
    if (onlyChars)
      await worker.setParameters({ tessedit_char_whitelist: onlyChars, tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
    const { data } = await worker.recognize(image);
    return { text: data.text, confidence: data.confidence / 100 };
  } finally {
    await worker.terminate();
  }
}

/** Refuses what FPT.AI would refuse before reading: a photo too small, or blurred. */
async function checkQuality(bytes: Buffer) {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (Math.max(width, height) < MIN_LONG_SIDE || Math.min(width, height) < MIN_SHORT_SIDE) {
    throw new IdRecognitionError(Codes.OCR_TOO_SMALL, `photo of ${String(width)}×${String(height)}`);
  }
  if (laplacianSpread(await greyPixels(bytes, 1000)) < BLUR_LAPLACIAN_STDEV) {
    throw new IdRecognitionError(Codes.OCR_BLURRY, 'no sharp edges');
  }
}

type Grey = { data: Buffer; width: number; height: number };

const greyPixels = async (bytes: Buffer, side: number): Promise<Grey> => {
  const { data, info } = await sharp(bytes)
    .resize({ width: side, height: side, fit: 'inside' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The standard deviation of the 4-neighbour Laplacian: how much sharp edge the photo has. */
export function laplacianSpread({ data, width, height }: Grey): number {
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const value = data[i - 1] + data[i + 1] + data[i - width] + data[i + width] - 4 * data[i];
      sum += value;
      squares += value * value;
      n++;
    }
  }
  return n ? Math.sqrt(squares / n - (sum / n) ** 2) : 0;
}

async function decodeQr(bytes: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(bytes)
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
}

const ocrInput = (bytes: Buffer) =>
  sharp(bytes).resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside' }).greyscale().normalise().png().toBuffer();

const DATE = /(\d{2})\s*[/.-]\s*(\d{2})\s*[/.-]\s*(\d{4})/;
const isoOf = (match: RegExpExecArray) => `${match[3]}-${match[2]}-${match[1]}`;
const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The date on the line that says "expiry" ("Có giá trị đến" loses its marks in the English model). */
function expiryInText(text: string): string | 'NONE' | undefined {
  for (const line of text.split('\n')) {
    const folded = fold(line);
    if (!/expir|gia tri|den/.test(folded)) continue;
    if (/khong thoi han|no expiry|unlimited/.test(folded)) return 'NONE';
    const date = DATE.exec(line);
    if (date) return isoOf(date);
  }
  return undefined;
}

/** The date on the line that names the birth date ("Ngày sinh / Date of birth"). */
function birthInText(text: string): string | undefined {
  for (const line of text.split('\n')) {
    if (!/birth|sinh/.test(fold(line))) continue;
    const date = DATE.exec(line);
    if (date) return isoOf(date);
  }
  return undefined;
}

/** The line after "Họ và tên / Full name" (or the rest of that line). */
function nameInText(text: string): string | undefined {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const at = lines.findIndex((line) => /full name|ho va ten|ho, ten/.test(fold(line)));
  if (at < 0) return undefined;
  const rest = lines[at].split(':').slice(1).join(':').trim();
  const candidate = rest || lines[at + 1] || '';
  const name = candidate.replace(/[^\p{L} ]/gu, '').trim();
  return name.length >= 3 ? name : undefined;
}

function sexInText(text: string): IdReading['sex'] {
  for (const line of text.split('\n')) {
    const folded = fold(line);
    if (!/sex|gioi tinh/.test(folded)) continue;
    if (/\bnu\b|female/.test(folded)) return 'FEMALE';
    if (/\bnam\b|male/.test(folded)) return 'MALE';
  }
  return undefined;
}

const MRZ_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** The bottom third of the page, where the machine-readable zone is printed. */
async function mrzBand(bytes: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const top = Math.floor(height * 0.66);
  return sharp(bytes)
    .extract({ left: 0, top, width, height: height - top })
    .resize({ width: WORK_SIDE })
    .greyscale()
    .normalise()
    .png()
    .toBuffer();
}

async function readPassport(bytes: Buffer, today: Date): Promise<IdReading> {
  const { text: mrzText } = await ocr(await mrzBand(bytes), MRZ_CHARS);
  const lines = findTd3Lines(mrzText);
  const mrz = lines ? readTd3(lines, today) : undefined;
  if (!mrz) {
    // A card photographed as a passport is the wrong document, not an unreadable one.
    const qr = await decodeQr(bytes);
    const card = Boolean(qr && parseCccdQr(qr)) || /\b\d{12}\b/.test((await ocr(await ocrInput(bytes))).text);
    if (card) return { kind: 'ID_CARD', confidence: 1, method: 'sandbox-mrz' };
    throw new IdRecognitionError(Codes.OCR_NO_ID_FOUND, 'no machine-readable zone found');
  }
  return {
    kind: 'PASSPORT',
    idNumber: mrz.documentNumber,
    fullName: `${mrz.surname} ${mrz.givenNames}`.trim(),
    dateOfBirth: mrz.dateOfBirth,
    sex: mrz.sex,
    expiresOn: mrz.expiresOn,
    // The check digits are the trust: each one that fails says a character was misread. (Tesseract's
    // mean confidence is 0 with a character whitelist, so it cannot serve here.)
    confidence: mrz.checksPassed / 4,
    method: 'sandbox-mrz',
  };
}

async function readCard(bytes: Buffer, side: IdPhoto['side']): Promise<IdReading> {
  const qrText = await decodeQr(bytes);
  const qr = qrText ? parseCccdQr(qrText) : undefined;
  if (qr) {
    // The QR is exact (decoded, not guessed), and with its issue date the law gives the expiry the
    // card prints: no OCR needed.
    return {
      kind: 'ID_CARD',
      idNumber: qr.idNumber,
      fullName: qr.fullName,
      dateOfBirth: qr.dateOfBirth,
      sex: qr.sex,
      address: qr.address,
      issuedOn: qr.issuedOn,
      expiresOn: qr.issuedOn ? cardExpiryByLaw(qr.dateOfBirth, qr.issuedOn) : undefined,
      confidence: 1,
      method: 'sandbox-qr',
    };
  }
  const { text, confidence } = await ocr(await ocrInput(bytes));
  if (findTd3Lines(text)) return { kind: 'PASSPORT', confidence, method: 'sandbox-ocr' };
  const expiresOn = expiryInText(text);
  if (side === 'back') return { kind: 'ID_CARD', expiresOn, confidence, method: 'sandbox-ocr' };
  const idNumber = /(?<!\d)(\d{12})(?!\d)/.exec(text.replace(/(\d) (?=\d)/g, '$1'))?.[1];
  if (!idNumber) throw new IdRecognitionError(Codes.OCR_NO_ID_FOUND, 'no ID number found');
  return {
    kind: 'ID_CARD',
    idNumber,
    fullName: nameInText(text),
    dateOfBirth: birthInText(text),
    sex: sexInText(text),
    expiresOn,
    confidence,
    method: 'sandbox-ocr',
  };
}

/**
 * The sandbox reader (ARCHITECTURE §6, ADR 040): reads the card here, offline, as FPT.AI would
 * answer. A CCCD's QR is decoded (jsQR); without one the print is OCR'd (tesseract.js with the
 * bundled English model); a passport's machine-readable zone is OCR'd and its check digits checked.
 * Too small and blurred photos are refused like FPT.AI refuses them.
 */
export function createSandboxIdRecognition(now: () => Date): IdRecognitionPort {
  async function read(photo: IdPhoto): Promise<IdReading> {
    await checkQuality(photo.bytes);
    return photo.documentType === 'PASSPORT' ? readPassport(photo.bytes, now()) : readCard(photo.bytes, photo.side);
  }
  return { name: 'sandbox', read };
}
