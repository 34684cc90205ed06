import sharp, { type Sharp } from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import { randomTruth, sheetPhoto } from '#tests/support/inbody-sheet.ts';
import {
  BLUR_LEVEL,
  DARK_BRIGHT_LEVEL,
  greySpread,
  measureGrey,
  measurePhoto,
  NO_PRINT_SPREAD,
  unreadableReason,
} from './photo-quality.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 36 §6 (ADR 066): an unreadable photo is told apart as too dark, blurred, not the whole
// sheet, or simply no values, on generated photos.

let fine: Buffer;
let hard: Buffer;
beforeAll(async () => {
  fine = await sheetPhoto(randomTruth(3), '270', 'en', 'clean', 3);
  hard = await sheetPhoto(randomTruth(5), '570', 'vi', 'hard', 5);
}, timeLimit(60_000));

const jpeg = (image: Sharp) => image.jpeg({ quality: 85 }).toBuffer();

test('a sharp, lit sheet (clean or hard) is neither dark nor blurred: the reason is the values', async () => {
  for (const photo of [fine, hard]) {
    const measures = await measurePhoto(photo);
    expect(measures.bright).toBeGreaterThan(DARK_BRIGHT_LEVEL);
    expect(measures.sharpness).toBeGreaterThan(BLUR_LEVEL);
    expect(await unreadableReason(photo)).toBe('NO_VALUES');
  }
});

test('a black photo and a sheet in dim light are too dark; a sheet at 40 % light is not', async () => {
  const black = await jpeg(sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#000' } }));
  expect(await unreadableReason(black)).toBe('TOO_DARK');
  expect(await unreadableReason(await jpeg(sharp(fine).linear(0.2, 0)))).toBe('TOO_DARK');
  expect(await unreadableReason(await jpeg(sharp(fine).linear(0.4, 0)))).toBe('NO_VALUES');
});

test('a sheet out of focus is blurred, at any resolution', async () => {
  expect(await unreadableReason(await jpeg(sharp(fine).blur(3)))).toBe('BLURRED');
  expect(await unreadableReason(await jpeg(sharp(fine).resize({ width: 2400 }).blur(6)))).toBe('BLURRED');
  // A plain wall: nothing sharp in it either.
  expect(
    await unreadableReason(
      await jpeg(sharp({ create: { width: 900, height: 1200, channels: 3, background: '#c8c0b0' } })),
    ),
  ).toBe('BLURRED');
});

test("the reader's page finding: none or partial is not a whole sheet; dark still comes first; an unknown value is ignored", async () => {
  expect(await unreadableReason(fine, { page: 'partial' })).toBe('NOT_WHOLE_SHEET');
  expect(await unreadableReason(await jpeg(sharp(fine).blur(3)), { page: 'none' })).toBe('NOT_WHOLE_SHEET');
  // Found whole but out of focus: blurred.
  expect(await unreadableReason(await jpeg(sharp(fine).blur(3)), { page: 'found' })).toBe('BLURRED');
  expect(await unreadableReason(await jpeg(sharp(fine).linear(0.1, 0)), { page: 'none' })).toBe('TOO_DARK');
  expect(await unreadableReason(fine, { page: 'somewhere' })).toBe('NO_VALUES');
  expect(await unreadableReason(fine, null)).toBe('NO_VALUES');
});

test('bytes that are no image still get a reason', async () => {
  expect(await unreadableReason(Buffer.from('not an image'))).toBe('NO_VALUES');
});

test('the measures the reader took on its way are used as they are, not taken again; a malformed one is measured', async () => {
  // A sharp, lit photo said (by the reader's own measures) to be dark or soft: the reason follows what it was told.
  expect(await unreadableReason(fine, { page: 'found', measures: { bright: 10, mean: 10, sharpness: 4000 } })).toBe(
    'TOO_DARK',
  );
  expect(await unreadableReason(fine, { page: 'found', measures: { bright: 240, mean: 200, sharpness: 1 } })).toBe(
    'BLURRED',
  );
  expect(await unreadableReason(fine, { page: 'found', measures: { bright: 'x' } })).toBe('NO_VALUES');
});

test('ADR 096: the measures of the grey photo the reader decoded are those of the photo, to the digit', async () => {
  for (const photo of [fine, hard, await jpeg(sharp(hard).blur(2))]) {
    const grey = await sharp(photo).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(await measureGrey({ data: grey.data, width: grey.info.width, height: grey.info.height })).toEqual(
      await measurePhoto(photo),
    );
  }
});

test('nothing printed: a blank page and a wall spread under NO_PRINT_SPREAD; a sheet, even hard, blurred or dim, far over it', async () => {
  const spreadOf = async (photo: Buffer) => {
    const { data, info } = await sharp(photo)
      .resize({ width: 520 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return greySpread({ data, channels: info.channels });
  };
  const plain = (background: string) => jpeg(sharp({ create: { width: 800, height: 1100, channels: 3, background } }));
  expect(await spreadOf(await plain('#f4f4f4'))).toBeLessThan(NO_PRINT_SPREAD);
  expect(await spreadOf(await plain('#c8c0b0'))).toBeLessThan(NO_PRINT_SPREAD);
  for (const photo of [fine, hard, await jpeg(sharp(fine).blur(6)), await jpeg(sharp(fine).linear(0.2, 0))])
    expect(await spreadOf(photo)).toBeGreaterThan(NO_PRINT_SPREAD * 1.5);
});
