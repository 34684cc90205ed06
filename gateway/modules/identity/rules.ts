import { Codes, type Code } from '#api/codes.ts';
import type { DocumentType } from '#api/identity-fields.ts';
import type { IdReading } from '#gateway/providers/id-recognition/port.ts';
import { cardExpiryByLaw } from '#gateway/providers/id-recognition/cccd.ts';

/** §6, §9: the youngest a member may be. */
export const MIN_AGE_YEARS = 15;
/** Below this a reading is not trusted (§8 505): the member takes a clearer photo. */
export const MIN_CONFIDENCE = 0.6;

/** What the verification stores: the document's own data (ADR 040). */
export type VerifiedDocument = {
  documentType: DocumentType;
  idNumber: string;
  fullName: string;
  dateOfBirth: string;
  sex: 'MALE' | 'FEMALE' | null;
  address: string | null;
  expiresOn: string | null;
  method: string;
};

export class IdentityRefusal extends Error {
  constructor(readonly code: Code) {
    super(`identity refused: ${String(code)}`);
    this.name = 'IdentityRefusal';
  }
}

/** A name as letters only: marks, đ, case, punctuation and spacing do not count (ADR 040). */
export const nameTokens = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort();

/**
 * Whether the account's name is the document's (ADR 040): the same words in any order, without
 * regard to diacritics ("Nguyễn Văn An" = "NGUYEN VAN AN" = "An Nguyen Van"). A missing or extra
 * word is a different name.
 */
export function namesMatch(accountName: string, documentName: string): boolean {
  const a = nameTokens(accountName);
  const b = nameTokens(documentName);
  return a.length > 0 && a.length === b.length && a.every((token, i) => token === b[i]);
}

/** Whole years from the date of birth to `today` (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/**
 * One document from the photos' readings (the front, and the back where sent): the front names
 * the person; the back adds what the 2024 card prints there. Then §3's rules, in the order a
 * member can act on: the right document (205), readable (501/505), the account's name (202), old
 * enough (203), not expired (204).
 */
export function documentFrom(
  requested: DocumentType,
  front: IdReading,
  back: IdReading | undefined,
  accountName: string,
  today: string,
): VerifiedDocument {
  if (front.kind !== requested || (back && back.kind !== requested))
    throw new IdentityRefusal(Codes.ID_WRONG_DOCUMENT_TYPE);
  const { idNumber, fullName, dateOfBirth } = front;
  if (!idNumber || !fullName || !dateOfBirth) throw new IdentityRefusal(Codes.OCR_NO_ID_FOUND);
  if (Math.min(front.confidence, back?.confidence ?? 1) < MIN_CONFIDENCE)
    throw new IdentityRefusal(Codes.OCR_LOW_CONFIDENCE);
  const issuedOn = front.issuedOn ?? back?.issuedOn;
  const printed = front.expiresOn ?? back?.expiresOn;
  // A card whose expiry is not printed where read still has the one the law gives it.
  const expiry = printed ?? (requested === 'ID_CARD' && issuedOn ? cardExpiryByLaw(dateOfBirth, issuedOn) : undefined);
  if (!expiry) throw new IdentityRefusal(Codes.OCR_LOW_CONFIDENCE);
  if (accountName.trim() && !namesMatch(accountName, fullName)) throw new IdentityRefusal(Codes.ID_NAME_MISMATCH);
  if (ageOn(dateOfBirth, today) < MIN_AGE_YEARS) throw new IdentityRefusal(Codes.ID_UNDER_MIN_AGE);
  if (expiry !== 'NONE' && expiry < today) throw new IdentityRefusal(Codes.ID_DOCUMENT_EXPIRED);
  return {
    documentType: requested,
    idNumber: idNumber.toUpperCase(),
    fullName,
    dateOfBirth,
    sex: front.sex ?? null,
    address: front.address ?? back?.address ?? null,
    expiresOn: expiry === 'NONE' ? null : expiry,
    method: front.method,
  };
}

/** What the member sees of the number: the last four characters. */
export const maskIdNumber = (idNumber: string) =>
  `${'•'.repeat(Math.max(0, idNumber.length - 4))}${idNumber.slice(-4)}`;
