/**
 * A photo as a JPEG of at most `maxSide` px, made by the browser: phones take 5–15 MB pictures and
 * iPhones take HEIC, which the gateway cannot read; a slow phone then uploads a few hundred KB.
 * Null when this browser cannot decode the file (then the file goes as it is, and the gateway says
 * what is wrong with it). The avatar and the problem report's photo use it.
 */
export async function shrinkToJpeg(file: File, maxSide: number, name: string): Promise<File | null> {
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
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ? new File([blob], name, { type: 'image/jpeg' }) : null;
  } catch {
    return null;
  }
}

/** Replaces the file input's pick with the shrunk JPEG, so the form posts it, with or without the router. */
export async function shrinkPickedPhoto(input: HTMLInputElement, maxSide: number, name: string): Promise<File | null> {
  const file = input.files?.[0];
  if (!file) return null;
  const jpeg = await shrinkToJpeg(file, maxSide, name);
  if (!jpeg) return null;
  const transfer = new DataTransfer();
  transfer.items.add(jpeg);
  input.files = transfer.files;
  return jpeg;
}
