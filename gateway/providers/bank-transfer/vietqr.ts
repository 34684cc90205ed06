// VietQR: the NAPAS 247 bank-transfer QR, an EMVCo merchant-presented payload (ARCHITECTURE §6,
// notes/providers.md "VietQR"). Every field is ID (2 digits) + length (2 digits) + value. A
// banking app that scans it fills in the receiving bank and account, the exact amount and the
// transfer memo, which is what the webhook later matches the incoming money on.
import { bankByBin } from '#api/banks.ts';

export const VIETQR_GUID = 'A000000727';
export const SERVICE_TO_ACCOUNT = 'QRIBFTTA';
export const CURRENCY_VND = '704';
export const MAX_MEMO_LENGTH = 25;
export const MAX_ACCOUNT_LENGTH = 19;
/** EMVCo tag 54 holds at most 13 characters. */
export const MAX_AMOUNT = 9_999_999_999_999;

export class VietQrError extends Error {
  override name = 'VietQrError';
}

export type VietQrInput = {
  /** The receiving bank's 6-digit NAPAS BIN (must be in the contract bank list). */
  bin: string;
  accountNumber: string;
  /** Whole VND, > 0. */
  amount: number;
  /** The transfer memo the webhook matches on. */
  memo: string;
};

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the UTF-8
 * bytes of `text`, as 4 uppercase hex digits. "123456789" gives 29B1.
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One EMVCo field: the length is always two digits, so a value longer than 99 cannot be encoded. */
function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new VietQrError(`bad tag ${id}`);
  if (value.length === 0 || value.length > 99) throw new VietQrError(`tag ${id}: length ${value.length} out of 1..99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function validate({ bin, accountNumber, amount, memo }: VietQrInput): void {
  if (!/^\d{6}$/.test(bin)) throw new VietQrError('the bank BIN must be 6 digits');
  const bank = bankByBin(bin);
  if (!bank) throw new VietQrError(`unknown bank BIN ${bin}`);
  if (!bank.transferSupported) throw new VietQrError(`${bank.shortName} does not take NAPAS transfers`);
  if (!new RegExp(`^[A-Za-z0-9]{1,${MAX_ACCOUNT_LENGTH}}$`).test(accountNumber)) {
    throw new VietQrError(`the account number must be 1–${MAX_ACCOUNT_LENGTH} letters or digits`);
  }
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT) {
    throw new VietQrError('the amount must be a positive whole number of VND, at most 13 digits');
  }
  // Refused, not stripped: the memo is ours (transferMemo), so anything outside plain ASCII
  // letters, digits and single inner spaces is a bug, and silently changing it would make the
  // memo in the QR differ from the one stored for matching. Banks drop accents and some drop
  // punctuation, so nothing else could be matched reliably anyway.
  if (!/^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/.test(memo) || memo.length > MAX_MEMO_LENGTH) {
    throw new VietQrError(`the memo must be 1–${MAX_MEMO_LENGTH} ASCII letters, digits or single spaces`);
  }
}

/**
 * The dynamic (point of initiation 12) VietQR payload for a transfer of `amount` VND to
 * `accountNumber` at the bank `bin`, with `memo` as the purpose of transaction (tag 62/08).
 * Throws VietQrError on any input it cannot encode faithfully.
 */
export function buildVietQrPayload(input: VietQrInput): string {
  validate(input);
  const beneficiary = tlv('00', input.bin) + tlv('01', input.accountNumber);
  const merchantAccount = tlv('00', VIETQR_GUID) + tlv('01', beneficiary) + tlv('02', SERVICE_TO_ACCOUNT);
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('38', merchantAccount) +
    tlv('53', CURRENCY_VND) +
    tlv('54', String(input.amount)) +
    tlv('58', 'VN') +
    tlv('62', tlv('08', input.memo)) +
    '6304';
  return body + crc16CcittFalse(body);
}

export type EmvField = { id: string; value: string };

/**
 * Splits one level of EMVCo TLV fields, in order (parse a template's value again for its
 * sub-fields). Throws VietQrError when a field is cut short or its id/length is not 2 digits.
 */
export function parseEmvTlv(payload: string): EmvField[] {
  const fields: EmvField[] = [];
  let at = 0;
  while (at < payload.length) {
    const head = payload.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new VietQrError(`malformed field header at ${at}`);
    const length = Number(head.slice(2));
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new VietQrError(`field ${head.slice(0, 2)} at ${at} is cut short`);
    fields.push({ id: head.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

/** True when the payload ends with tag 63 holding the right CRC of everything before it. */
export function hasValidCrc(payload: string): boolean {
  const match = /^(.*6304)([0-9A-F]{4})$/s.exec(payload);
  return match !== null && crc16CcittFalse(match[1]) === match[2];
}

export type ParsedVietQr = VietQrInput & { dynamic: boolean; service: string };

/**
 * Reads a VietQR payload back (CRC, GUID, BIN, account, amount, memo): used by the tests and
 * to validate what we hand out. Throws VietQrError when it is not a well-formed VietQR.
 */
export function parseVietQrPayload(payload: string): ParsedVietQr {
  if (!hasValidCrc(payload)) throw new VietQrError('bad CRC');
  const top = toMap(parseEmvTlv(payload));
  if (top.get('00') !== '01') throw new VietQrError('payload format is not 01');
  const merchant = toMap(parseEmvTlv(required(top, '38')));
  if (merchant.get('00') !== VIETQR_GUID) throw new VietQrError('not a NAPAS VietQR');
  const beneficiary = toMap(parseEmvTlv(required(merchant, '01')));
  if (top.get('53') !== CURRENCY_VND || top.get('58') !== 'VN') throw new VietQrError('not a VND transfer in VN');
  const extra = top.has('62') ? toMap(parseEmvTlv(top.get('62')!)) : new Map<string, string>();
  return {
    dynamic: top.get('01') === '12',
    service: required(merchant, '02'),
    bin: required(beneficiary, '00'),
    accountNumber: required(beneficiary, '01'),
    amount: top.has('54') ? Number(top.get('54')) : 0,
    memo: extra.get('08') ?? '',
  };
}

function toMap(fields: EmvField[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { id, value } of fields) {
    if (map.has(id)) throw new VietQrError(`tag ${id} appears twice`);
    map.set(id, value);
  }
  return map;
}

function required(map: Map<string, string>, id: string): string {
  const value = map.get(id);
  if (value === undefined) throw new VietQrError(`tag ${id} is missing`);
  return value;
}
