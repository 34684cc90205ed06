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

function checkOptions(maxSide: number, quality: number): void {
  if (!Number.isInteger(maxSide) || maxSide < 1) throw new RangeError('maxSide must be a positive integer');
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new RangeError('quality must be 1..100');
}

export async function reencodeImage(
  input: Uint8Array,
  opts: { maxSide: number; quality?: number },
): Promise<ProcessedImage> {
  const quality = opts.quality ?? DEFAULT_QUALITY;
  checkOptions(opts.maxSide, quality);

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

    // Full decode (a truncated file fails here), EXIF orientation applied, then WebP without
    // withMetadata(), which writes no EXIF/GPS/XMP.
    const { data, info } = await sharp(buffer, decodeOptions)
      .rotate()
      .resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });

    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    // Anything libvips cannot decode (corrupt, truncated, pixel bomb, unsupported codec) is not an image to us.
    throw new ImageRejectedError('not_an_image', { cause: error });
  }
}
