import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '#gateway/db/client.ts';
import { mediaFiles } from '#gateway/db/schema/index.ts';
import type { ProcessedImage } from './image.ts';

export const mediaUrl = (id: string) => `/api/v1/media/${id}`;

/** Stores an already re-encoded image under a random 128-bit name. */
export async function storeImage(db: Executor, ownerAccountId: number, kind: string, image: ProcessedImage) {
  const id = randomBytes(16).toString('hex');
  await db.insert(mediaFiles).values({ id, ownerAccountId, kind, contentType: image.contentType, bytes: image.bytes });
  return id;
}

export async function findMedia(db: Executor, id: string) {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row;
}

export async function deleteMedia(db: Executor, id: string) {
  await db.delete(mediaFiles).where(eq(mediaFiles.id, id));
}
