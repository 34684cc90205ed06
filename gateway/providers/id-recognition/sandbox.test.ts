import sharp from 'sharp';
import { expect, test } from 'vitest';
import { Codes } from '#api/codes.ts';
import { cccdBack, cccdFront, passportPage, type CardPerson } from '#tests/support/id-card.ts';
import { IdRecognitionError } from './port.ts';
import { createSandboxIdRecognition } from './sandbox.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

const reader = createSandboxIdRecognition(() => new Date('2026-11-26T03:00:00Z'));

const person: CardPerson = {
  idNumber: '079095001234',
  fullName: 'Trần Thị Bích Ngọc',
  dateOfBirth: '14/03/1995',
  sex: 'Nữ',
  address: '12 Nguyễn Trãi, Phường Bến Thành, Quận 1, TP. Hồ Chí Minh',
  issuedOn: '10/07/2021',
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof IdRecognitionError ? error.code : error),
  );

test(
  'a CCCD front is read from its QR, the expiry the one the law gives its issue date',
  async () => {
    const reading = await reader.read({ bytes: await cccdFront(person), side: 'front', documentType: 'ID_CARD' });
    expect(reading).toMatchObject({
      kind: 'ID_CARD',
      idNumber: '079095001234',
      fullName: 'Trần Thị Bích Ngọc',
      dateOfBirth: '1995-03-14',
      sex: 'FEMALE',
      address: person.address,
      issuedOn: '2021-07-10',
      expiresOn: '2035-03-14',
      method: 'sandbox-qr',
    });
  },
  timeLimit(120_000),
);

test(
  'without a readable QR the print is read (marks lost, the name match allows for it)',
  async () => {
    const reading = await reader.read({
      bytes: await cccdFront(person, { qr: false }),
      side: 'front',
      documentType: 'ID_CARD',
    });
    expect(reading.kind).toBe('ID_CARD');
    expect(reading.idNumber).toBe('079095001234');
    expect(reading.dateOfBirth).toBe('1995-03-14');
    expect(reading.expiresOn).toBe('2035-03-14');
    expect(reading.method).toBe('sandbox-ocr');
    expect(reading.fullName?.toUpperCase()).toMatch(/TR.N TH. B.CH NG.C/);
  },
  timeLimit(120_000),
);

test(
  'a passport page is read from its machine-readable zone with the check digits',
  async () => {
    const bytes = await passportPage({
      number: 'C1234567',
      surname: 'Lê',
      givenNames: 'Văn Đức',
      dateOfBirth: '02/09/1990',
      sex: 'M',
      expiresOn: '20/01/2031',
    });
    const reading = await reader.read({ bytes, side: 'front', documentType: 'PASSPORT' });
    expect(reading).toMatchObject({
      kind: 'PASSPORT',
      idNumber: 'C1234567',
      fullName: 'LE VAN DUC',
      dateOfBirth: '1990-09-02',
      sex: 'MALE',
      expiresOn: '2031-01-20',
      confidence: expect.any(Number),
    });
    expect(reading.confidence).toBeGreaterThan(0.5);
  },
  timeLimit(120_000),
);

test(
  'a card sent as a passport reads as an ID card (the wrong document, 205 upstream)',
  async () => {
    const reading = await reader.read({ bytes: await cccdFront(person), side: 'front', documentType: 'PASSPORT' });
    expect(reading.kind).toBe('ID_CARD');
  },
  timeLimit(120_000),
);

test(
  'a small photo is 504, a blurred one 500, a photo of no card 501',
  async () => {
    expect(
      await refusal(
        reader.read({ bytes: await cccdFront(person, { width: 600 }), side: 'front', documentType: 'ID_CARD' }),
      ),
    ).toBe(Codes.OCR_TOO_SMALL);
    expect(
      await refusal(
        reader.read({ bytes: await cccdFront(person, { blur: 12 }), side: 'front', documentType: 'ID_CARD' }),
      ),
    ).toBe(Codes.OCR_BLURRY);
    const wall = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#808080' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><text x="100" y="400" font-size="80">Gym wall</text></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    expect(await refusal(reader.read({ bytes: wall, side: 'front', documentType: 'ID_CARD' }))).toBe(
      Codes.OCR_NO_ID_FOUND,
    );
  },
  timeLimit(120_000),
);

test(
  'the back adds nothing but what it prints',
  async () => {
    const reading = await reader.read({ bytes: await cccdBack(person), side: 'back', documentType: 'ID_CARD' });
    expect(reading.kind).toBe('ID_CARD');
    expect(reading.idNumber).toBeUndefined();
  },
  timeLimit(120_000),
);
