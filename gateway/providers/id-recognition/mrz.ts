// ICAO 9303 machine-readable zones: the passport's two lines of 44 (TD3) and the ID card's three
// lines of 30 (TD1, the back of a chip CCCD). Check digits make an OCR slip visible.

const WEIGHTS = [7, 3, 1];

const valueOf = (char: string): number => {
  if (char === '<') return 0;
  if (char >= '0' && char <= '9') return char.charCodeAt(0) - 48;
  if (char >= 'A' && char <= 'Z') return char.charCodeAt(0) - 55;
  return -1;
};

export function checkDigit(field: string): number {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const value = valueOf(field[i]);
    if (value < 0) return -1;
    sum += value * WEIGHTS[i % 3];
  }
  return sum % 10;
}

const checks = (field: string, digit: string) => /^\d$/.test(digit) && checkDigit(field) === Number(digit);

/** YYMMDD → YYYY-MM-DD; a birth date is never in the future, an expiry is this century. */
function mrzDate(value: string, kind: 'birth' | 'expiry', today: Date): string | undefined {
  if (!/^\d{6}$/.test(value)) return undefined;
  const yy = Number(value.slice(0, 2));
  const thisYear = today.getUTCFullYear() % 100;
  const century = kind === 'expiry' ? 2000 : yy > thisYear ? 1900 : 2000;
  const iso = `${String(century + yy)}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(value.slice(4, 6)) ? undefined : iso;
}

export type MrzPassport = {
  documentNumber: string;
  nationality: string;
  surname: string;
  givenNames: string;
  dateOfBirth: string;
  sex: 'MALE' | 'FEMALE' | undefined;
  expiresOn: string;
  /** How many of the line's check digits held (of 4: number, birth, expiry, composite). */
  checksPassed: number;
  /** How many letters in digit places were read as the digit they look like. */
  mended: number;
};

/** OCR text → the two MRZ lines of a passport, with the usual OCR slips mended («, spaces, K for <). */
export function findTd3Lines(ocrText: string): [string, string] | undefined {
  const lines = ocrText
    .split('\n')
    .map((line) => line.replace(/\s+/g, '').replace(/[«‹]/g, '<').toUpperCase())
    .filter((line) => line.length >= 40);
  const first = lines.findIndex((line) => /^P[<A-Z0-9][A-Z<]{3}/.test(line) && line.includes('<<'));
  if (first < 0 || first + 1 >= lines.length) return undefined;
  const pad = (line: string) => (line + '<'.repeat(44)).slice(0, 44);
  // The second line keeps any extra character OCR added: readTd3 finds which one it was.
  return [pad(lines[first]), lines[first + 1].length < 44 ? pad(lines[first + 1]) : lines[first + 1]];
}

/**
 * The passport read from its two lines. OCR sometimes reads one character as two (a dotted zero as
 * "0O"): when the second line is too long, each one-character deletion is tried and the reading
 * whose check digits hold best wins.
 */
export function readTd3([line1, line2]: [string, string], today: Date): MrzPassport | undefined {
  const candidates = [line2.slice(0, 44)];
  for (let extra = line2.length - 44, i = 0; extra === 1 && i < 44; i++)
    candidates.push(line2.slice(0, i) + line2.slice(i + 1));
  // Check digits first; between equals, the reading that needed fewer guesses.
  const score = (reading: MrzPassport) => reading.checksPassed * 100 - reading.mended;
  let best: MrzPassport | undefined;
  for (const candidate of candidates) {
    const parsed = parseTd3([line1, candidate], today);
    if (parsed && (!best || score(parsed) > score(best))) best = parsed;
  }
  return best;
}

// Where ICAO puts only digits, a letter is an OCR slip of the digit it looks like.
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
};
const TD3_DIGIT_POSITIONS = [9, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 42, 43];

const mendDigits = (line: string, positions: number[]) => {
  const chars = [...line];
  let mended = 0;
  for (const at of positions) {
    const digit = DIGIT_LOOKALIKES[chars[at]];
    if (digit) [chars[at], mended] = [digit, mended + 1];
  }
  return { line: chars.join(''), mended };
};

export function parseTd3([line1, rawLine2]: [string, string], today: Date): MrzPassport | undefined {
  const { line: line2, mended } = mendDigits(rawLine2, TD3_DIGIT_POSITIONS);
  // A name never holds three fillers in a row: what follows is filler, however it was read.
  const names = line1.slice(5).split('<<<')[0];
  const [surname, given = ''] = names.split('<<');
  const documentNumber = line2.slice(0, 9);
  const birth = line2.slice(13, 19);
  const expiry = line2.slice(21, 27);
  const dateOfBirth = mrzDate(birth, 'birth', today);
  const expiresOn = mrzDate(expiry, 'expiry', today);
  if (!dateOfBirth || !expiresOn || !surname) return undefined;
  const composite = line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43);
  const checksPassed = [
    checks(documentNumber, line2[9]),
    checks(birth, line2[19]),
    checks(expiry, line2[27]),
    checks(composite, line2[43]),
  ].filter(Boolean).length;
  const sex = line2[20] === 'M' ? 'MALE' : line2[20] === 'F' ? 'FEMALE' : undefined;
  const words = (value: string) => value.split('<').filter(Boolean).join(' ');
  return {
    documentNumber: documentNumber.replace(/<+$/, ''),
    nationality: line2.slice(10, 13),
    surname: words(surname),
    givenNames: words(given),
    dateOfBirth,
    sex,
    expiresOn,
    checksPassed,
    mended,
  };
}
