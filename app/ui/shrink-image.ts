/** What the shrunk photo is written as: JPEG everywhere; WebP where the browser can write it (ADR 082). */
export type PhotoFormat = 'jpeg' | 'webp';

const encode = (canvas: HTMLCanvasElement, type: string) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));

/**
 * A photo as a JPEG (or a WebP) of at most `maxSide` px, made by the browser: phones take 5–15 MB
 * pictures and iPhones take HEIC, which the gateway cannot read; a slow phone then uploads a few
 * hundred KB. A WebP is about half the JPEG's bytes at the same size and quality (a sheet photo on
 * weak 3G: 3 s less); a browser that cannot write one (Safari writes a PNG instead) sends the JPEG.
 * Null when this browser cannot decode the file (then the file goes as it is, and the gateway says
 * what is wrong with it). The avatar and the problem report's photo use it.
 */
export async function shrinkPhoto(
  file: File,
  maxSide: number,
  name: string,
  format: PhotoFormat = 'jpeg',
): Promise<File | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#fff'; // transparent PNGs get a white background, not black
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const webp = format === 'webp' ? await encode(canvas, 'image/webp') : null;
    const blob = webp?.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg');
    if (!blob) return null;
    const type = blob.type === 'image/webp' ? 'image/webp' : 'image/jpeg';
    return new File([blob], `${name.replace(/\.[^.]*$/, '')}.${type === 'image/webp' ? 'webp' : 'jpg'}`, { type });
  } catch {
    return null;
  }
}

/** Replaces the file input's pick with the shrunk photo, so the form posts it, with or without the router. */
export async function shrinkPickedPhoto(
  input: HTMLInputElement,
  maxSide: number,
  name: string,
  format: PhotoFormat = 'jpeg',
): Promise<File | null> {
  const file = input.files?.[0];
  if (!file) return null;
  const shrunk = await shrinkPhoto(file, maxSide, name, format);
  if (!shrunk) return null;
  const transfer = new DataTransfer();
  transfer.items.add(shrunk);
  input.files = transfer.files;
  return shrunk;
}
