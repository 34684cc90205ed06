import { expect, test } from 'vitest';
import { passportMrz } from '#tests/support/id-card.ts';
import { checkDigit, readTd3 } from './mrz.ts';
import { cardExpiryByLaw, parseCccdQr } from './cccd.ts';

const today = new Date('2026-11-26T00:00:00Z');

test('check digits follow ICAO 9303 (the specimen passport L898902C3)', () => {
  expect(checkDigit('L898902C3')).toBe(6);
  expect(checkDigit('740812')).toBe(2);
  expect(checkDigit('120415')).toBe(9);
});

test('a passport MRZ is read whole; one extra character from OCR is found by the check digits', () => {
  const [line1, line2] = passportMrz({
    number: 'C1234567',
    surname: 'Lê',
    givenNames: 'Văn Đức',
    dateOfBirth: '02/09/1990',
    sex: 'M',
    expiresOn: '20/01/2031',
  });
  const clean = readTd3([line1, line2], today);
  expect(clean).toMatchObject({
    documentNumber: 'C1234567',
    surname: 'LE',
    givenNames: 'VAN DUC',
    dateOfBirth: '1990-09-02',
    expiresOn: '2031-01-20',
    sex: 'MALE',
    checksPassed: 4,
  });
  const doubled = `${line2.slice(0, 10)}O${line2.slice(10)}`;
  expect(readTd3([line1, doubled], today)).toMatchObject({ documentNumber: 'C1234567', checksPassed: 4 });
  const misread = `${line2.slice(0, 14)}8${line2.slice(15)}`;
  expect(readTd3([line1, misread], today)?.checksPassed).toBeLessThan(4);
});

test('the CCCD QR: with and without the old number; anything else is not one', () => {
  expect(parseCccdQr('079095001234|025123456|Trần Thị Bích Ngọc|14031995|Nữ|12 Nguyễn Trãi, Quận 1|10072021')).toEqual({
    idNumber: '079095001234',
    oldIdNumber: '025123456',
    fullName: 'Trần Thị Bích Ngọc',
    dateOfBirth: '1995-03-14',
    sex: 'FEMALE',
    address: '12 Nguyễn Trãi, Quận 1',
    issuedOn: '2021-07-10',
  });
  expect(parseCccdQr('079095001234|Lê Văn Đức|02091990|Nam|Hà Nội|01012022')).toMatchObject({
    fullName: 'Lê Văn Đức',
    sex: 'MALE',
  });
  expect(parseCccdQr('https://example.com')).toBeUndefined();
  expect(parseCccdQr('07909500123|x|Tên|14031995|Nam|a|10072021')).toBeUndefined();
  expect(parseCccdQr('079095001234||Tên|31021995|Nam|a|10072021')).toBeUndefined();
});

test('a card lasts to the next of 25, 40, 60; within two years of one, to the one after; from 58, for life', () => {
  expect(cardExpiryByLaw('1995-03-14', '2021-07-10')).toBe('2035-03-14');
  expect(cardExpiryByLaw('2000-05-01', '2023-06-01')).toBe('2040-05-01');
  expect(cardExpiryByLaw('1960-01-01', '2021-01-01')).toBe('NONE');
  expect(cardExpiryByLaw('1964-02-29', '2020-01-01')).toBe('2024-02-29');
  expect(cardExpiryByLaw('1963-02-28', '2000-01-01')).toBe('2003-02-28');
});
