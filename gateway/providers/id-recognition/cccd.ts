// The Vietnamese citizen ID card (CCCD, and the 2024 "CĂN CƯỚC"): its QR and its legal expiry.

export type CccdQr = {
  idNumber: string;
  oldIdNumber?: string;
  fullName: string;
  dateOfBirth: string;
  sex?: 'MALE' | 'FEMALE';
  address?: string;
  issuedOn?: string;
};

/** DDMMYYYY → YYYY-MM-DD, or undefined for anything that is not a real date. */
export function ddmmyyyy(value: string): string | undefined {
  const match = /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  if (!match) return undefined;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(match[1]) ? undefined : iso;
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toUpperCase();

/**
 * The card's QR (domain-facts.md "ID verification"): `id|oldId|name|DDMMYYYY|sex|address|DDMMYYYY`,
 * the last date being the issue date; some cards leave out oldId. Anything else is not a CCCD QR.
 */
export function parseCccdQr(payload: string): CccdQr | undefined {
  const parts = payload.trim().split('|');
  if (parts.length === 6) parts.splice(1, 0, '');
  if (parts.length !== 7) return undefined;
  const [idNumber, oldIdNumber, fullName, birth, sex, address, issued] = parts.map((part) => part.trim());
  const dateOfBirth = ddmmyyyy(birth);
  if (!/^\d{12}$/.test(idNumber) || !fullName || !dateOfBirth) return undefined;
  const folded = fold(sex);
  return {
    idNumber,
    oldIdNumber: /^\d{9}$/.test(oldIdNumber) ? oldIdNumber : undefined,
    fullName,
    dateOfBirth,
    sex: folded === 'NAM' ? 'MALE' : folded === 'NU' ? 'FEMALE' : undefined,
    address: address || undefined,
    issuedOn: ddmmyyyy(issued),
  };
}

/** The same day N years on (29 February becomes 1 March in a common year). */
const addYears = (iso: string, years: number) => {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year + years, month - 1, day)).toISOString().slice(0, 10);
};

/**
 * The expiry the law gives a card (Law on Identification 2023, art. 21; Law on Citizen
 * Identification 2014, art. 21): it is renewed at 25, 40 and 60; one issued within the two years
 * before such a birthday lasts to the next one; one issued from 58 on never expires ('NONE').
 */
export function cardExpiryByLaw(dateOfBirth: string, issuedOn: string): string | 'NONE' {
  for (const age of [25, 40, 60]) {
    if (issuedOn < addYears(dateOfBirth, age - 2)) return addYears(dateOfBirth, age);
  }
  return 'NONE';
}
