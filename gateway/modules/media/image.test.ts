import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import {
  decodeImage,
  encodeImage,
  ImageRejectedError,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  reencodeImage,
  sharpOf,
  type ImageRejectionReason,
} from './image.ts';

// Fixtures are generated here so no binary files live in the repo.

// Left half red, right half blue: lets a test see which way the image was turned.
async function splitColourRaw(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) raw[i] = 255;
      else raw[i + 2] = 255;
    }
  }
  return raw;
}

async function photoJpegWithGps(width: number, height: number): Promise<Buffer> {
  return sharp(await splitColourRaw(width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'FixtureCam', Model: 'GPS-Leaker 3000', Software: 'fixture' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '10/1 46/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '106/1 42/1 1500/100',
      },
    })
    .toBuffer();
}

async function smallPng(): Promise<Buffer> {
  return sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } })
    .png()
    .toBuffer();
}

function isWebp(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
}

async function rejectionReason(input: Uint8Array, maxSide = 1024): Promise<ImageRejectionReason> {
  const error = await reencodeImage(input, { maxSide }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return (error as ImageRejectedError).reason;
}

test('a JPEG with EXIF and GPS comes out as WebP, without any metadata, within maxSide', async () => {
  const input = await photoJpegWithGps(1600, 1200);
  const inputMeta = await sharp(input).metadata();
  // Guard: the fixture really carries the data we expect to be stripped.
  const exif = inputMeta.exif ?? Buffer.alloc(0);
  expect(exif.includes(Buffer.from('GPS-Leaker 3000'))).toBe(true);
  // GPS IFD pointer tag 0x8825, in either TIFF byte order.
  expect([Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])].some((tag) => exif.includes(tag))).toBe(true);

  const out = await reencodeImage(input, { maxSide: 512 });

  expect(out.contentType).toBe('image/webp');
  expect(isWebp(out.bytes)).toBe(true);
  expect([out.width, out.height]).toEqual([512, 384]);
  const outMeta = await sharp(out.bytes).metadata();
  expect(outMeta.format).toBe('webp');
  expect([outMeta.width, outMeta.height]).toEqual([512, 384]);
  expect(outMeta.exif).toBeUndefined();
  expect(outMeta.xmp).toBeUndefined();
  expect(out.bytes.includes(Buffer.from('GPS-Leaker 3000'))).toBe(false);
  expect(out.bytes.includes(Buffer.from('FixtureCam'))).toBe(false);
});

test('a small image is not enlarged and the quality option is honoured', async () => {
  const input = await smallPng();
  const out = await reencodeImage(input, { maxSide: 1024, quality: 40 });
  expect([out.width, out.height]).toEqual([64, 48]);
  expect(isWebp(out.bytes)).toBe(true);
});

test('accepts a Uint8Array view into a larger buffer', async () => {
  const png = await smallPng();
  const backing = new Uint8Array(png.length + 20);
  backing.set(png, 10);
  const out = await reencodeImage(backing.subarray(10, 10 + png.length), { maxSide: 32 });
  expect([out.width, out.height]).toEqual([32, 24]);
});

test('GIF, WebP and AVIF inputs are accepted and re-encoded to WebP', async () => {
  const base = sharp({ create: { width: 300, height: 100, channels: 3, background: '#3366cc' } });
  for (const input of [
    await base.clone().gif().toBuffer(),
    await base.clone().webp().toBuffer(),
    await base.clone().avif().toBuffer(),
  ]) {
    const out = await reencodeImage(input, { maxSide: 150 });
    expect(isWebp(out.bytes)).toBe(true);
    expect([out.width, out.height]).toEqual([150, 50]);
  }
});

/** The 80 × 40 red-and-blue JPEG marked EXIF orientation 6 (to be turned 90° clockwise). */
async function turnedJpeg(): Promise<Buffer> {
  return sharp(await splitColourRaw(80, 40), { raw: { width: 80, height: 40, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

test('EXIF orientation 6 is applied: width and height swap and the picture is turned clockwise', async () => {
  const input = await turnedJpeg();
  expect((await sharp(input).metadata()).orientation).toBe(6);

  const out = await reencodeImage(input, { maxSide: 1000 });
  expect([out.width, out.height]).toEqual([40, 80]);
  const outMeta = await sharp(out.bytes).metadata();
  expect(outMeta.orientation).toBeUndefined();

  // 90° clockwise: the red left half ends up on top, the blue right half at the bottom.
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3);
  const top = pixel(20, 10);
  const bottom = pixel(20, 70);
  expect(top[0]).toBeGreaterThan(200);
  expect(top[2]).toBeLessThan(60);
  expect(bottom[2]).toBeGreaterThan(200);
  expect(bottom[0]).toBeLessThan(60);
});

test('ADR 108: the decoded pixels are upright and what is kept is encoded from them, byte for byte as in one pass', async () => {
  const turned = await turnedJpeg();
  const decoded = await decodeImage(turned, { maxSide: 1000 });
  expect([decoded.width, decoded.height, decoded.channels]).toEqual([40, 80, 3]);
  expect(decoded.data.length).toBe(40 * 80 * 3);
  // The red left half is on top once turned upright.
  expect(decoded.data[(10 * 40 + 20) * 3]).toBeGreaterThan(200);
  expect(decoded.data[(70 * 40 + 20) * 3 + 2]).toBeGreaterThan(200);
  for (const input of [turned, await photoJpegWithGps(900, 600), await smallPng()]) {
    const kept = await encodeImage(await decodeImage(input, { maxSide: 500 }));
    expect(kept.bytes.equals((await reencodeImage(input, { maxSide: 500 })).bytes)).toBe(true);
    expect(isWebp(kept.bytes)).toBe(true);
  }
  // sharp takes either form alike.
  const kept = await reencodeImage(turned, { maxSide: 1000 });
  expect(await sharpOf(kept.bytes).metadata()).toMatchObject({ width: 40, height: 80 });
  expect(await sharpOf(decoded).metadata()).toMatchObject({ width: 40, height: 80 });
  // The same refusals: it is the one pipeline.
  await expect(decodeImage(Buffer.from('not a picture at all'), { maxSide: 100 })).rejects.toBeInstanceOf(
    ImageRejectedError,
  );
});

test('a PNG truncated to half its bytes is not_an_image (header check alone would pass it)', async () => {
  const png = await smallPng();
  const truncated = png.subarray(0, Math.floor(png.length / 2));
  // Guard: the header still reads fine, so only the full decode can catch it.
  expect((await sharp(truncated).metadata()).format).toBe('png');
  expect(await rejectionReason(truncated)).toBe('not_an_image');
});

test('a JPEG truncated to half its bytes is not_an_image', async () => {
  const jpeg = await photoJpegWithGps(400, 300);
  expect(await rejectionReason(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe('not_an_image');
});

test('random bytes and empty input are not_an_image', async () => {
  expect(await rejectionReason(randomBytes(4096))).toBe('not_an_image');
  expect(await rejectionReason(new Uint8Array(0))).toBe('not_an_image');
});

test('a text file is not_an_image', async () => {
  expect(await rejectionReason(Buffer.from('hello, this is not a picture\n'.repeat(20)))).toBe('not_an_image');
});

test('SVG is refused even though sharp could rasterise it', async () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>',
  );
  // Guard: this sharp build does render SVG, so the refusal must come from our own type check.
  expect((await sharp(svg).metadata()).format).toBe('svg');
  expect(await rejectionReason(svg)).toBe('not_an_image');
  const withProlog = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n'), svg]);
  expect(await rejectionReason(withProlog)).toBe('not_an_image');
});

test('magic bytes of one format followed by another format are not_an_image', async () => {
  const png = await smallPng();
  const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
  expect(await rejectionReason(disguised)).toBe('not_an_image');
});

test('MAX_UPLOAD_BYTES + 1 bytes is too_large; exactly MAX_UPLOAD_BYTES passes the size check', async () => {
  const jpeg = await photoJpegWithGps(64, 64);
  // A real JPEG at the front: only the size rule can reject this as too_large.
  const oversized = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
  jpeg.copy(oversized);
  expect(await rejectionReason(oversized)).toBe('too_large');

  const atLimit = randomBytes(MAX_UPLOAD_BYTES);
  expect(await rejectionReason(atLimit)).toBe('not_an_image');
});

test('a small file with huge dimensions (pixel bomb) is not_an_image', async () => {
  const side = 10_000;
  const bomb = await sharp(Buffer.alloc(side * side, 0x80), { raw: { width: side, height: side, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES / 10);
  expect(side * side).toBeGreaterThan(MAX_INPUT_PIXELS);
  expect(await rejectionReason(bomb)).toBe('not_an_image');
});

test('invalid options are a programming error, not a rejection', async () => {
  const png = await smallPng();
  await expect(reencodeImage(png, { maxSide: 0 })).rejects.toBeInstanceOf(RangeError);
  await expect(reencodeImage(png, { maxSide: 100, quality: 101 })).rejects.toBeInstanceOf(RangeError);
});
