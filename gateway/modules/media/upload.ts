import { bodyLimit } from 'hono/body-limit';
import { Codes } from '#api/codes.ts';
import { ApiError } from '#gateway/http/errors.ts';
import {
  decodeImage,
  ImageRejectedError,
  MAX_UPLOAD_BYTES,
  reencodeImage,
  type DecodedImage,
  type ProcessedImage,
} from './image.ts';

// Room for the multipart framing (and a few short text fields) around a file of the largest allowed size.
const MULTIPART_OVERHEAD = 64 * 1024;

/** The request's size limit, before anything is read (security.md, Uploads): 413 code 100 beyond it. */
export const imageUploadLimit = () =>
  bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
    onError: () => {
      throw new ApiError(413, Codes.FILE_TOO_LARGE);
    },
  });

/** The image pipeline's refusals as the API says them: 413 code 100 too large, 415 code 102 not an image. */
function asApiError(error: unknown): never {
  if (error instanceof ImageRejectedError)
    throw error.reason === 'too_large'
      ? new ApiError(413, Codes.FILE_TOO_LARGE)
      : new ApiError(415, Codes.NOT_AN_IMAGE);
  throw error;
}

/** An uploaded file decoded and re-encoded by the one image pipeline (image.ts). */
export async function reencodeUpload(file: File, maxSide: number): Promise<ProcessedImage> {
  return reencodeImage(new Uint8Array(await file.arrayBuffer()), { maxSide }).catch(asApiError);
}

/** An uploaded file decoded by the one image pipeline, to be read and then kept by `encodeImage` (ADR 108). */
export async function decodeUpload(file: File, maxSide: number): Promise<DecodedImage> {
  return decodeImage(new Uint8Array(await file.arrayBuffer()), { maxSide }).catch(asApiError);
}
