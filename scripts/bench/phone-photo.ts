import sharp from 'sharp';

/**
 * The photo as the phone sends it (app/ui/shrink-image.ts, issue 39): at most `side` px on its long
 * side, drawn bilinear as a canvas draws it, JPEG (or WebP, to measure it) at `quality` (0–1). The OCR
 * bench and its step-by-step view judge the photo the gateway receives.
 */
export const asThePhoneSends = (jpeg: Buffer, side: number, quality: number, format: 'jpeg' | 'webp' = 'jpeg') =>
  sharp(jpeg)
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
    .flatten({ background: '#ffffff' })
    .toFormat(format, { quality: Math.round(quality * 100) })
    .toBuffer();
