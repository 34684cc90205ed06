import { expect, test } from 'vitest';
import { Codes } from '#api/codes.ts';
import type { IdReading } from '#gateway/providers/id-recognition/port.ts';
import { ageOn, documentFrom, IdentityRefusal, maskIdNumber, namesMatch } from './rules.ts';

test('names match without marks, case, punctuation or order; every word must be there', () => {
  expect(namesMatch('Phạm Minh Châu', 'PHAM MINH CHAU')).toBe(true);
  expect(namesMatch('Chau Pham Minh', 'Phạm Minh Châu')).toBe(true);
  expect(namesMatch('Đỗ Thu Hà', 'DO THU HA')).toBe(true);
  expect(namesMatch('  nguyễn   văn-an ', 'NGUYỄN VĂN AN')).toBe(true);
  expect(namesMatch('Nguyễn An', 'Nguyễn Văn An')).toBe(false);
  expect(namesMatch('Nguyễn Văn An', 'Nguyễn Văn Anh')).toBe(false);
  expect(namesMatch('', 'Nguyễn Văn An')).toBe(false);
});

test('age in whole years on Vietnam’s day, birthdays counted on the day', () => {
  expect(ageOn('2011-11-26', '2026-11-26')).toBe(15);
  expect(ageOn('2011-11-27', '2026-11-26')).toBe(14);
  expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
});

const front = (over: Partial<IdReading> = {}): IdReading => ({
  kind: 'ID_CARD',
  idNumber: '079095001234',
  fullName: 'Trần Thị Bích Ngọc',
  dateOfBirth: '1995-03-14',
  sex: 'FEMALE',
  issuedOn: '2021-07-10',
  confidence: 1,
  method: 'test',
  ...over,
});

const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return error instanceof IdentityRefusal ? error.code : String(error);
  }
};

test('each rule gives its code, in the order a member can act on', () => {
  const today = '2026-11-26';
  expect(codeOf(() => documentFrom('PASSPORT', front(), undefined, 'Trần Thị Bích Ngọc', today))).toBe(
    Codes.ID_WRONG_DOCUMENT_TYPE,
  );
  expect(codeOf(() => documentFrom('ID_CARD', front({ idNumber: undefined }), undefined, '', today))).toBe(
    Codes.OCR_NO_ID_FOUND,
  );
  expect(codeOf(() => documentFrom('ID_CARD', front({ confidence: 0.4 }), undefined, '', today))).toBe(
    Codes.OCR_LOW_CONFIDENCE,
  );
  expect(codeOf(() => documentFrom('ID_CARD', front({ issuedOn: undefined }), undefined, '', today))).toBe(
    Codes.OCR_LOW_CONFIDENCE,
  );
  expect(codeOf(() => documentFrom('ID_CARD', front(), undefined, 'Someone Else', today))).toBe(Codes.ID_NAME_MISMATCH);
  expect(
    codeOf(() =>
      documentFrom('ID_CARD', front({ dateOfBirth: '2011-11-27', issuedOn: '2024-07-01' }), undefined, '', today),
    ),
  ).toBe(Codes.ID_UNDER_MIN_AGE);
  expect(codeOf(() => documentFrom('ID_CARD', front({ expiresOn: '2026-11-25' }), undefined, '', today))).toBe(
    Codes.ID_DOCUMENT_EXPIRED,
  );
  expect(codeOf(() => documentFrom('ID_CARD', front({ expiresOn: '2026-11-26' }), undefined, '', today))).toBe('ok');
});

test('the back fills what the front lacks; the law gives a card’s expiry from its issue date; no expiry stores null', () => {
  const doc = documentFrom(
    'ID_CARD',
    front(),
    { kind: 'ID_CARD', address: '12 Nguyễn Trãi', expiresOn: '2035-03-14', confidence: 0.9, method: 'test' },
    'ngoc tran thi bich',
    '2026-11-26',
  );
  expect(doc).toMatchObject({ address: '12 Nguyễn Trãi', expiresOn: '2035-03-14', idNumber: '079095001234' });
  expect(documentFrom('ID_CARD', front(), undefined, '', '2026-11-26').expiresOn).toBe('2035-03-14');
  expect(documentFrom('ID_CARD', front({ expiresOn: 'NONE' }), undefined, '', '2026-11-26').expiresOn).toBeNull();
  expect(maskIdNumber('079095001234')).toBe('••••••••1234');
});
