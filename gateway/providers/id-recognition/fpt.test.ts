import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Codes } from '#api/codes.ts';
import { createFptIdRecognition, fptDate } from './fpt.ts';
import { IdRecognitionError } from './port.ts';

// A local stand-in for api.fpt.ai that checks every request the way FPT.AI documents it
// (providers.md): POST, the api-key header, one multipart part named "image" holding a JPEG.
const API_KEY = 'test-key-not-a-secret';
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
]);

type Seen = { path: string; problems: string[] };
const seen: Seen[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{}' };
let server: Server;
let base = '';

const readAll = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const problems: string[] = [];
      const body = await readAll(request);
      if (request.method !== 'POST') problems.push(`method ${String(request.method)}`);
      if (request.headers['api-key'] !== API_KEY) problems.push('api-key header');
      const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers['content-type'] ?? '');
      if (!boundary) problems.push('not multipart');
      else {
        const parts = body
          .toString('latin1')
          .split(`--${boundary[1] ?? boundary[2]}`)
          .slice(1, -1);
        const image = parts.filter((part) => /name="image"/.test(part));
        if (parts.length !== 1 || image.length !== 1) problems.push(`parts ${String(parts.length)}`);
        else if (!/content-type: image\/jpeg/i.test(image[0]) || !image[0].includes(JPEG.toString('latin1')))
          problems.push('image part');
      }
      seen.push({ path: request.url ?? '', problems });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const reader = () => createFptIdRecognition({ apiKey: API_KEY, baseUrl: base, timeoutMs: 2_000 });
const photo = { bytes: JPEG, side: 'front' as const, documentType: 'ID_CARD' as const };
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: unknown) => (error instanceof IdRecognitionError ? error.code : String(error)),
  );

test('an ID card goes to /vision/idr/vnm/ and its answer becomes a reading', async () => {
  answer = {
    status: 200,
    body: JSON.stringify({
      errorCode: 0,
      errorMessage: '',
      data: [
        {
          id: '079095001234',
          id_prob: '99.02',
          name: 'TRẦN THỊ BÍCH NGỌC',
          name_prob: '98.50',
          dob: '14/03/1995',
          dob_prob: '99.10',
          sex: 'NỮ',
          nationality: 'VIỆT NAM',
          home: 'QUẬN 1, TP HỒ CHÍ MINH',
          address: '12 NGUYỄN TRÃI, BẾN THÀNH, QUẬN 1, TP HỒ CHÍ MINH',
          doe: '14/03/2035',
          overall_score: '98.7',
          type_new: 'cccd_12_front',
          type: 'chip_front',
        },
      ],
    }),
  };
  seen.length = 0;
  const reading = await reader().read(photo);
  expect(seen).toEqual([{ path: '/vision/idr/vnm/', problems: [] }]);
  expect(reading).toEqual({
    kind: 'ID_CARD',
    idNumber: '079095001234',
    fullName: 'TRẦN THỊ BÍCH NGỌC',
    dateOfBirth: '1995-03-14',
    sex: 'FEMALE',
    address: '12 NGUYỄN TRÃI, BẾN THÀNH, QUẬN 1, TP HỒ CHÍ MINH',
    expiresOn: '2035-03-14',
    issuedOn: undefined,
    confidence: 0.987,
    method: 'fpt.ai',
  });
});

test('a passport goes to /vision/passport/vnm; "N/A" fields stay unread; "Không thời hạn" is no expiry', async () => {
  answer = {
    status: 200,
    body: JSON.stringify({
      errorCode: 0,
      data: [
        {
          passport_number: 'C1234567',
          name: 'LE VAN\u0000 DUC\ud800',
          dob: '02/09/1990',
          sex: 'N/A',
          doe: 'Không thời hạn',
          id_prob: '97',
          name_prob: '95',
          dob_prob: '96',
        },
      ],
    }),
  };
  seen.length = 0;
  const reading = await reader().read({ ...photo, documentType: 'PASSPORT' });
  expect(seen).toEqual([{ path: '/vision/passport/vnm', problems: [] }]);
  expect(reading).toMatchObject({
    kind: 'PASSPORT',
    idNumber: 'C1234567',
    fullName: 'LE VAN DUC\uFFFD',
    sex: undefined,
    expiresOn: 'NONE',
    confidence: 0.95,
  });
});

test.each([
  [1, Codes.OCR_INVALID_REQUEST],
  [2, Codes.OCR_CORNERS_MISSING],
  [3, Codes.OCR_NO_ID_FOUND],
  [7, Codes.OCR_NOT_AN_IMAGE],
  [8, Codes.OCR_BAD_IMAGE_DATA],
  [42, Codes.OCR_SERVICE_UNAVAILABLE],
])('FPT errorCode %i is our %i', async (errorCode, code) => {
  answer = { status: 200, body: JSON.stringify({ errorCode, errorMessage: 'x', data: [] }) };
  expect(await codeOf(reader().read(photo))).toBe(code);
});

test('a refused key, a spent quota, a fault, garbage or silence is 511 and never echoes the key', async () => {
  for (const status of [401, 403, 429, 500, 503]) {
    answer = { status, body: JSON.stringify({ errorCode: 0 }) };
    expect(await codeOf(reader().read(photo))).toBe(Codes.OCR_SERVICE_UNAVAILABLE);
  }
  answer = { status: 200, body: '<html>bad gateway</html>' };
  const error = await reader()
    .read(photo)
    .catch((e: unknown) => e as Error);
  expect(error).toBeInstanceOf(IdRecognitionError);
  expect((error as Error).message).not.toContain(API_KEY);
  answer = { status: 200, body: JSON.stringify({ errorCode: 0, data: [] }) };
  expect(await codeOf(reader().read(photo))).toBe(Codes.OCR_NO_ID_FOUND);
  const unreachable = createFptIdRecognition({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
  expect(await codeOf(unreachable.read(photo))).toBe(Codes.OCR_SERVICE_UNAVAILABLE);
});

test('dates are DD/MM/YYYY and real', () => {
  expect(fptDate('29/02/2024')).toBe('2024-02-29');
  expect(fptDate('29/02/2023')).toBeUndefined();
  expect(fptDate('2024-02-01')).toBeUndefined();
  expect(fptDate(undefined)).toBeUndefined();
});
