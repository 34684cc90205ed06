import sharp from 'sharp';

export type ProcessedImage = { bytes: Buffer; contentType: 'image/webp'; width: number; height: number };

export type ImageRejectionReason = 'too_large' | 'not_an_image';

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejectionReason,
    options?: ErrorOptions,
  ) {
    super(`image rejected: ${reason}`, options);
    this.name = 'ImageRejectedError';
  }
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 40_000_000;

const DEFAULT_QUALITY = 82;

// The sharp/libvips format names we accept; everything else (SVG, TIFF, PDF, BMP, …) is refused.
type RasterFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';

// ISO-BMFF major brands of HEIC/HEIF and AVIF files.
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));

// Decide the type from the leading bytes only (security.md, Uploads): names and Content-Type lie,
// and letting libvips pick any loader would also accept SVG/XML, PDF, TIFF and friends.
function sniffFormat(bytes: Uint8Array): RasterFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const gif = ascii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heif';
  return undefined;
}

function checkMaxSide(maxSide: number): void {
  if (!Number.isInteger(maxSide) || maxSide < 1) throw new RangeError('maxSide must be a positive integer');
}
function checkQuality(quality: number): void {
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new RangeError('quality must be 1..100');
}

/**
 * An upload's pixels: decoded, turned upright by its EXIF orientation and shrunk to fit `maxSide`;
 * nothing of the file but its pixels. What is kept is encoded from them (`encodeImage`); a reader
 * may read them meanwhile (ADR 108: the InBody sheet is read while its photo is encoded).
 */
export type DecodedImage = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** An upload decoded by the one image pipeline (formats sniffed, size and pixels bounded); rejects with ImageRejectedError. */
export async function decodeImage(input: Uint8Array, opts: { maxSide: number }): Promise<DecodedImage> {
  checkMaxSide(opts.maxSide);

  // Size first, so an oversized upload is never handed to a decoder.
  if (input.byteLength > MAX_UPLOAD_BYTES) throw new ImageRejectedError('too_large');

  const expected = sniffFormat(input);
  if (expected === undefined) throw new ImageRejectedError('not_an_image');

  // View, not copy, of the caller's bytes.
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  // 'error' (not the stricter 'warning') still rejects truncated PNG/JPEG but keeps phone JPEGs with
  // harmless libjpeg warnings (e.g. extraneous bytes before a marker). pages: 1 = first frame only.
  const decodeOptions = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 } as const;

  try {
    // Header check before the full decode: the loader libvips picked must be the one the magic
    // bytes promised, and the pixel count is bounded up front (sharp also enforces it while decoding).
    const meta = await sharp(buffer, decodeOptions).metadata();
    if (meta.format !== expected) throw new ImageRejectedError('not_an_image');
    const { width, height } = meta;
    if (!width || !height || width * height > MAX_INPUT_PIXELS) throw new ImageRejectedError('not_an_image');

    // Full decode (a truncated file fails here), EXIF orientation applied.
    const { data, info } = await sharp(buffer, decodeOptions)
      .rotate()
      .resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    // Anything libvips cannot decode (corrupt, truncated, pixel bomb, unsupported codec) is not an image to us.
    throw new ImageRejectedError('not_an_image', { cause: error });
  }
}

/** An image already through the pipeline: its encoded bytes (as kept) or its decoded pixels. */
export type PipelineImage = Buffer | DecodedImage;

/** Such an image as sharp's input. */
export const sharpOf = (image: PipelineImage) =>
  Buffer.isBuffer(image)
    ? sharp(image)
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });

/** Decoded pixels encoded as WebP, which writes no EXIF/GPS/XMP (no withMetadata()). */
export async function encodeImage(image: DecodedImage, quality = DEFAULT_QUALITY): Promise<ProcessedImage> {
  checkQuality(quality);
  const { data, info } = await sharpOf(image).webp({ quality }).toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
}

/** An upload decoded and re-encoded (security.md, Uploads): what is kept of any image sent. */
export async function reencodeImage(
  input: Uint8Array,
  opts: { maxSide: number; quality?: number },
): Promise<ProcessedImage> {
  const quality = opts.quality ?? DEFAULT_QUALITY;
  // A wrong quality is refused before the upload is decoded.
  checkQuality(quality);
  return encodeImage(await decodeImage(input, opts), quality);
}
