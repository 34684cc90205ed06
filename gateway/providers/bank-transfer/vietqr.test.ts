import { describe, expect, test } from 'vitest';
import { banks } from '#api/banks.ts';
import {
  buildVietQrPayload,
  crc16CcittFalse,
  hasValidCrc,
  parseEmvTlv,
  parseVietQrPayload,
  VietQrError,
  type VietQrInput,
} from './vietqr.ts';

const base: VietQrInput = { bin: '970415', accountNumber: '113366668888', amount: 79_000, memo: 'GYM123456' };

// Walks every field, descending into the templates (38 and its 01, 62), and returns each
// field's raw 4-character header: the tests check the lengths in them.
function headers(payload: string): string[] {
  const out: string[] = [];
  const walk = (text: string, nested: ReadonlySet<string>) => {
    for (const { id, value } of parseEmvTlv(text)) {
      out.push(`${id}${String(value.length).padStart(2, '0')}`);
      if (nested.has(id)) walk(value, id === '38' ? new Set(['01']) : new Set());
    }
  };
  walk(payload, new Set(['38', '62']));
  return out;
}

describe('CRC-16/CCITT-FALSE', () => {
  test.each([
    ['123456789', '29B1'], // the catalogue check value
    ['', 'FFFF'], // init, nothing processed
    ['A', 'B915'],
  ])('%j → %s', (input, crc) => {
    expect(crc16CcittFalse(input)).toBe(crc);
  });

  test('always 4 uppercase hex digits (padded)', () => {
    for (let i = 0; i < 300; i++) expect(crc16CcittFalse(`x${i}`)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('buildVietQrPayload', () => {
  test('matches the example of notes/providers.md byte for byte', () => {
    expect(buildVietQrPayload(base)).toBe(
      '00020101021238560010A0000007270126000697041501121133666688880208QRIBFTTA53037045405790005802VN62130809GYM1234566304DF4F',
    );
  });

  test('matches the reference payload published in the subiz/vietqr README byte for byte', () => {
    // An independent encoder's output (VietinBank 0011001932418, 120 000 VND, "ung ho lu lut").
    expect(
      buildVietQrPayload({ bin: '970415', accountNumber: '0011001932418', amount: 120_000, memo: 'ung ho lu lut' }),
    ).toBe(
      '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C',
    );
  });

  test('fields come in EMVCo order with the fixed values of a dynamic NAPAS transfer', () => {
    const payload = buildVietQrPayload({
      bin: '970436',
      accountNumber: '0071000123456',
      amount: 1_250_000,
      memo: 'VF7K3M9QXZ',
    });
    const top = parseEmvTlv(payload);
    expect(top.map((f) => f.id)).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
    const value = (id: string) => top.find((f) => f.id === id)!.value;
    expect(value('00')).toBe('01');
    expect(value('01')).toBe('12');
    expect(value('53')).toBe('704');
    expect(value('54')).toBe('1250000');
    expect(value('58')).toBe('VN');
    expect(parseEmvTlv(value('38'))).toEqual([
      { id: '00', value: 'A000000727' },
      { id: '01', value: '00069704360113' + '0071000123456' },
      { id: '02', value: 'QRIBFTTA' },
    ]);
    expect(parseEmvTlv(value('62'))).toEqual([{ id: '08', value: 'VF7K3M9QXZ' }]);
    expect(value('63')).toBe(crc16CcittFalse(payload.slice(0, -4)));
    expect(hasValidCrc(payload)).toBe(true);
  });

  test('every length is two digits and true, short or long', () => {
    const cases: VietQrInput[] = [
      { bin: '970422', accountNumber: '1', amount: 1, memo: 'A' },
      { bin: '970407', accountNumber: '9'.repeat(19), amount: 9_999_999_999_999, memo: 'Z'.repeat(25) },
      { bin: '970418', accountNumber: 'ABC123', amount: 10_000, memo: 'VF AB CD' },
    ];
    for (const input of cases) {
      const payload = buildVietQrPayload(input);
      for (const header of headers(payload)) expect(header).toMatch(/^\d{4}$/);
      expect(parseVietQrPayload(payload)).toEqual({ ...input, dynamic: true, service: 'QRIBFTTA' });
    }
    // "1" and "A" get the padded length 01.
    expect(headers(buildVietQrPayload(cases[0]))).toEqual(expect.arrayContaining(['5401', '0801', '0101', '0006']));
  });

  test('round trip for every bank in the list', () => {
    for (const bank of banks) {
      const input = { bin: bank.bin, accountNumber: '0123456789', amount: 399_000, memo: 'VF23456789' };
      expect(parseVietQrPayload(buildVietQrPayload(input)), bank.code).toEqual({
        ...input,
        dynamic: true,
        service: 'QRIBFTTA',
      });
    }
  });

  test.each([
    ['a 5-digit BIN', { bin: '97041' }],
    ['a BIN with letters', { bin: '97041X' }],
    ['a BIN not in the bank list', { bin: '970499' }],
    ['an empty account', { accountNumber: '' }],
    ['a 20-character account', { accountNumber: '1'.repeat(20) }],
    ['an account with a dash', { accountNumber: '0071-000' }],
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -79_000 }],
    ['a fractional amount', { amount: 79_000.5 }],
    ['a NaN amount', { amount: Number.NaN }],
    ['an infinite amount', { amount: Number.POSITIVE_INFINITY }],
    ['a 14-digit amount', { amount: 10_000_000_000_000 }],
    ['an empty memo', { memo: '' }],
    ['a 26-character memo', { memo: 'A'.repeat(26) }],
    ['a memo with diacritics', { memo: 'Thanh toán hội viên' }],
    ['a memo with Đ', { memo: 'DV ĐA' }],
    ['a memo with punctuation', { memo: 'VF-123' }],
    ['a memo with a leading space', { memo: ' VF123' }],
    ['a memo with a double space', { memo: 'VF  123' }],
    ['a memo with a newline', { memo: 'VF\n123' }],
  ])('refuses %s', (_, change) => {
    expect(() => buildVietQrPayload({ ...base, ...change })).toThrow(VietQrError);
  });
});

describe('parsing', () => {
  test('reads the published static payload (no amount, no memo) from the tests of an open-source VietQR library', () => {
    const payload = '00020101021138570010A00000072701270006970403011300110123456780208QRIBFTTA53037045802VN63049E6F';
    expect(parseVietQrPayload(payload)).toEqual({
      dynamic: false,
      service: 'QRIBFTTA',
      bin: '970403',
      accountNumber: '0011012345678',
      amount: 0,
      memo: '',
    });
  });

  test('a changed character breaks the CRC', () => {
    const payload = buildVietQrPayload(base);
    const tampered = payload.replace('5405790005802', '5405990005802');
    expect(tampered).not.toBe(payload);
    expect(hasValidCrc(tampered)).toBe(false);
    expect(() => parseVietQrPayload(tampered)).toThrow(/CRC/);
    expect(hasValidCrc(payload.slice(0, -1))).toBe(false);
    expect(hasValidCrc(payload.slice(0, -4) + payload.slice(-4).toLowerCase())).toBe(false);
  });

  test('malformed TLV is refused, not half read', () => {
    expect(() => parseEmvTlv('0002')).toThrow(/cut short/);
    expect(() => parseEmvTlv('00020')).toThrow(/cut short/);
    expect(() => parseEmvTlv('000201' + '580')).toThrow(/header/);
    expect(() => parseEmvTlv('0A0201')).toThrow(/header/);
    expect(parseEmvTlv('')).toEqual([]);
    expect(parseEmvTlv('000201' + '5802VN')).toEqual([
      { id: '00', value: '01' },
      { id: '58', value: 'VN' },
    ]);
  });

  test('a payload that is not a NAPAS VietQR is refused', () => {
    const withCrc = (body: string) => body + crc16CcittFalse(body);
    // Another scheme's GUID in tag 38.
    expect(() =>
      parseVietQrPayload(withCrc('00020101021238300010A000000999010600000102020153037045802VN6304')),
    ).toThrow(/NAPAS/);
    // A repeated tag.
    expect(() => parseVietQrPayload(withCrc('0002010002015802VN6304'))).toThrow(/twice/);
  });
});
