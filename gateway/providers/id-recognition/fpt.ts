import { Codes, fptErrorToCode } from '#api/codes.ts';
import { stripUnstorableText } from '#api/text.ts';
import { IdRecognitionError, type IdPhoto, type IdReading, type IdRecognitionPort } from './port.ts';

export type FptConfig = { apiKey: string; baseUrl: string; timeoutMs: number; fetch?: typeof fetch };

// shared/notes/providers.md "FPT.AI ID recognition": ID cards and passports have their own readers.
const PATHS = { ID_CARD: '/vision/idr/vnm/', PASSPORT: '/vision/passport/vnm' } as const;

type FptRecord = Record<string, unknown>;

// Its own line, so that the directive stays next to it however a formatter breaks the code using it.
// eslint-disable-next-line no-control-regex -- exactly the control range
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

const text = (record: FptRecord, key: string): string | undefined => {
  const value = record[key];
  if (typeof value !== 'string') return undefined;
  // What PostgreSQL cannot store (NUL, a lone surrogate) and control characters never reach a row.
  const trimmed = stripUnstorableText(value).replace(CONTROL_CHARACTERS, ' ').trim().slice(0, 500);
  // FPT writes "N/A" where it could not read a field.
  return trimmed === '' || trimmed.toUpperCase() === 'N/A' ? undefined : trimmed;
};

/** "DD/MM/YYYY" (or "DD-MM-YYYY") → "YYYY-MM-DD"; anything else is unread. */
export function fptDate(value: string | undefined): string | undefined {
  const match = value ? /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(value) : null;
  if (!match) return undefined;
  const [, day, month, year] = match;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? undefined : `${year}-${month}-${day}`;
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toUpperCase();

function sexOf(value: string | undefined): IdReading['sex'] {
  const folded = value ? fold(value) : '';
  if (folded === 'NAM' || folded === 'M' || folded === 'MALE') return 'MALE';
  if (folded === 'NU' || folded === 'F' || folded === 'FEMALE') return 'FEMALE';
  return undefined;
}

/** The card's "Có giá trị đến": a date, or "Không thời hạn" (no expiry). */
function expiryOf(value: string | undefined): IdReading['expiresOn'] {
  if (!value) return undefined;
  if (fold(value).includes('KHONG THOI HAN')) return 'NONE';
  return fptDate(value);
}

const probability = (value: unknown): number | undefined => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(number)) return undefined;
  return Math.min(1, Math.max(0, number > 1 ? number / 100 : number));
};

/** overall_score where given, else the lowest of the fields' own *_prob. */
function confidenceOf(record: FptRecord): number {
  const overall = probability(record.overall_score);
  if (overall !== undefined) return overall;
  const probs = ['id_prob', 'name_prob', 'dob_prob']
    .map((key) => probability(record[key]))
    .filter((p) => p !== undefined);
  return probs.length ? Math.min(...probs) : 0;
}

/** One record of FPT's `data` as our reading. Exported for the tests. */
export function readingOf(record: FptRecord, documentType: IdPhoto['documentType']): IdReading {
  const idNumber = text(record, 'id') ?? text(record, 'passport_number');
  return {
    kind: documentType,
    idNumber: idNumber?.replace(/\s+/g, ''),
    fullName: text(record, 'name'),
    dateOfBirth: fptDate(text(record, 'dob')),
    sex: sexOf(text(record, 'sex')),
    address: text(record, 'address'),
    expiresOn: expiryOf(text(record, 'doe')),
    issuedOn: fptDate(text(record, 'issue_date')),
    confidence: confidenceOf(record),
    method: 'fpt.ai',
  };
}

/**
 * FPT.AI's ID recognition (IDR) and passport readers: `POST {base}/vision/idr/vnm/` with the
 * `api-key` header and the photo in the multipart field `image`; the answer's errorCode maps onto
 * §8's 500–511 (fptErrorToCode). Errors never carry the key, the photo or what was read.
 */
export function createFptIdRecognition(config: FptConfig): IdRecognitionPort {
  const fetchImpl = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, '');

  async function read(photo: IdPhoto): Promise<IdReading> {
    const form = new FormData();
    form.set('image', new Blob([Uint8Array.from(photo.bytes)], { type: 'image/jpeg' }), `${photo.side}.jpg`);
    let status: number;
    let raw: string;
    try {
      const response = await fetchImpl(`${base}${PATHS[photo.documentType]}`, {
        method: 'POST',
        headers: { 'api-key': config.apiKey, accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      status = response.status;
      raw = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new IdRecognitionError(
        Codes.OCR_SERVICE_UNAVAILABLE,
        timedOut ? `FPT.AI timed out after ${config.timeoutMs} ms` : 'FPT.AI: network error',
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new IdRecognitionError(Codes.OCR_SERVICE_UNAVAILABLE, `FPT.AI answered HTTP ${status} without JSON`);
    }
    const answer = typeof body === 'object' && body !== null ? (body as { errorCode?: unknown; data?: unknown }) : {};
    const errorCode = typeof answer.errorCode === 'number' ? answer.errorCode : Number(answer.errorCode);
    // A refused key, a spent quota or a server fault say nothing about the photo.
    if (status === 401 || status === 403 || status === 429 || status >= 500) {
      throw new IdRecognitionError(Codes.OCR_SERVICE_UNAVAILABLE, `FPT.AI answered HTTP ${status}`);
    }
    if (!Number.isInteger(errorCode))
      throw new IdRecognitionError(
        Codes.OCR_SERVICE_UNAVAILABLE,
        `FPT.AI answered HTTP ${status} without an errorCode`,
      );
    if (errorCode !== 0) {
      const code = Object.hasOwn(fptErrorToCode, errorCode) ? fptErrorToCode[errorCode] : Codes.OCR_SERVICE_UNAVAILABLE;
      throw new IdRecognitionError(code, `FPT.AI errorCode ${String(errorCode)}`);
    }
    const first = Array.isArray(answer.data) ? (answer.data[0] as unknown) : undefined;
    if (typeof first !== 'object' || first === null)
      throw new IdRecognitionError(Codes.OCR_NO_ID_FOUND, 'FPT.AI answered errorCode 0 with no data');
    return readingOf(first as FptRecord, photo.documentType);
  }

  return { name: 'fpt.ai', read };
}
