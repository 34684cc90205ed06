// The door's QR reading (issue 17 §2): the browser's own BarcodeDetector where it has one (Chrome
// on Android), jsQR otherwise (iOS Safari, desktop Firefox). Loaded only when the camera is turned
// on or a photo is chosen: jsQR is 45 KB of JavaScript the rest of the app never needs.
import jsQR from 'jsqr';

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

let detector: Detector | null | undefined;

/** The browser's QR detector, or null when it has none (asked once). */
async function nativeDetector(): Promise<Detector | null> {
  if (detector !== undefined) return detector;
  const Native = (globalThis as { BarcodeDetector?: DetectorClass & { getSupportedFormats?(): Promise<string[]> } })
    .BarcodeDetector;
  try {
    detector =
      Native && (await Native.getSupportedFormats?.())?.includes('qr_code')
        ? new Native({ formats: ['qr_code'] })
        : null;
  } catch {
    detector = null;
  }
  return detector;
}

/** A canvas as large as the source (at most 1280 px wide: enough for a phone's QR), drawn. */
function drawn(source: CanvasImageSource, width: number, height: number) {
  const scale = Math.min(1, 1280 / width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return { canvas, context };
}

/** The text of the QR code in a video frame or a picture, or null when there is none. */
export async function readQr(source: CanvasImageSource, width: number, height: number): Promise<string | null> {
  if (width === 0 || height === 0) return null;
  const native = await nativeDetector();
  if (native) {
    try {
      const [found] = await native.detect(source);
      if (found) return found.rawValue;
      return null;
    } catch {
      // Fall through to jsQR.
    }
  }
  const canvas = drawn(source, width, height);
  if (!canvas) return null;
  const pixels = canvas.context.getImageData(0, 0, canvas.canvas.width, canvas.canvas.height);
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The QR code in a photo the desk chose (a screenshot sent by a member, a picture of a screen). */
export async function readQrInFile(file: File): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await readQr(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
