import sharp from 'sharp';

/**
 * A white photo with a few lines of "print" (dark bars), for reader tests whose OCR is a fake: the
 * reader refuses a blank photo before any OCR is asked (ADR 066), so such a test needs some print.
 */
export function printedPhoto(width: number, height: number): Promise<Buffer> {
  const rows = Array.from(
    { length: 8 },
    (_, k) =>
      `<rect x="${String(width * 0.1)}" y="${String(height * (0.1 + k * 0.1))}" width="${String(width * 0.5)}" height="${String(height * 0.01)}" fill="#222"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">${rows}</svg>`;
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg()
    .toBuffer();
}
