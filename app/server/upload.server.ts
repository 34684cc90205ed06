/** The gateway's limit for one image (§8 code 100); the web server refuses bigger uploads itself. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
// Room for the multipart framing and the few text fields sent beside the file.
const FORM_OVERHEAD = 64 * 1024;
// Past this the rest of an oversized body is not even read: the connection is dropped.
const DRAIN_LIMIT = 40 * 1024 * 1024;

export type BoundedForm = { formData: FormData; tooLarge: boolean };

/**
 * Reads a form body of at most `limit` bytes. A bigger one is not buffered: its text fields that
 * came before the file are kept (so the member's typing is not lost), the rest is read and dropped
 * so the browser still gets the answer, and `tooLarge` says the file was refused.
 */
export async function readBoundedForm(request: Request, limit = MAX_IMAGE_BYTES + FORM_OVERHEAD): Promise<BoundedForm> {
  const contentType = request.headers.get('content-type') ?? '';
  const reader = request.body?.getReader();
  if (!reader) return { formData: new FormData(), tooLarge: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size <= limit) chunks.push(value);
    else if (!tooLarge) {
      tooLarge = true;
      chunks.push(value.subarray(0, value.byteLength - (size - limit)));
    }
    if (size > DRAIN_LIMIT) {
      await reader.cancel();
      break;
    }
  }
  const body = Buffer.concat(chunks);
  if (!tooLarge) return { formData: await parseForm(body, contentType), tooLarge };
  return { formData: await parseForm(completePartsOnly(body, contentType), contentType), tooLarge };
}

const parseForm = (body: Uint8Array, contentType: string) =>
  new Response(new Uint8Array(body), { headers: { 'content-type': contentType } })
    .formData()
    .catch(() => new FormData());

/** The multipart prefix up to its last complete part, closed, so the platform parser reads it. */
function completePartsOnly(prefix: Buffer, contentType: string): Buffer {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value) return Buffer.alloc(0);
  const cut = prefix.lastIndexOf(`\r\n--${value}`);
  if (cut < 0) return Buffer.alloc(0);
  return Buffer.concat([prefix.subarray(0, cut), Buffer.from(`\r\n--${value}--\r\n`)]);
}
