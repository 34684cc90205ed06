import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { Codes } from '#api/codes.ts';
import type { DocumentType, Identity } from '#api/identity.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import { accounts, identityVerifications } from '#gateway/db/schema/index.ts';
import type { Database } from '#gateway/db/client.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import { reencodeUpload } from '#gateway/modules/media/upload.ts';
import { idRecognitionOf } from '#gateway/providers/id-recognition/index.ts';
import { IdRecognitionError, type IdReading, type IdSide } from '#gateway/providers/id-recognition/port.ts';
import { documentFrom, IdentityRefusal, maskIdNumber } from './rules.ts';

/** Every reading costs (FPT.AI bills per call) and probes other people's cards: 10 tries an hour. */
export const VERIFY_ATTEMPTS_PER_HOUR = 10;
/** The side the photos are kept at while read: a card's print stays legible. */
const READ_SIDE = 2000;

const isUnder = (code: unknown) => typeof code === 'number' && code >= 500 && code <= 510;

/** §8's refusals as HTTP: a conflict with stored data 409, the photo or the document 422, the provider down 503. */
function refusal(code: number): ApiError {
  if (code === Codes.ID_NUMBER_IN_USE || code === Codes.ID_ALREADY_VERIFIED) return new ApiError(409, code);
  if (code === Codes.OCR_SERVICE_UNAVAILABLE) return new ApiError(503, code);
  return new ApiError(422, code);
}

type Row = typeof identityVerifications.$inferSelect;

const view = (row: Row): Identity => ({
  documentType: row.documentType,
  idNumberMasked: maskIdNumber(row.idNumber),
  fullName: row.fullName,
  dateOfBirth: row.dateOfBirth,
  sex: row.sex,
  address: row.address,
  expiresOn: row.expiresOn,
  verifiedAt: row.verifiedAt.toISOString(),
  method: row.method,
});

export async function findIdentity(db: Database, accountId: number): Promise<Identity | null> {
  const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.accountId, accountId));
  return row ? view(row) : null;
}

export async function isIdentityVerified(db: Database, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ accountId: identityVerifications.accountId })
    .from(identityVerifications)
    .where(eq(identityVerifications.accountId, accountId));
  return Boolean(row);
}

export type IdPhotos = { documentType: DocumentType; front: File; back?: File };

/**
 * POST fpt/recognize-id/upload (issue 16 §3, ADR 040): the photos are decoded and re-encoded (the
 * upload pipeline), read by the configured reader, checked by the rules and the document stored
 * in one statement. The photos live only in this request's memory: nothing of them is written.
 */
export async function verifyIdentity(deps: Deps, accountId: number, photos: IdPhotos): Promise<Identity> {
  const { db, clock } = deps;
  const now = clock.now();
  if (!(await countHit(db, `identity:account:${String(accountId)}`, hourWindow(now), VERIFY_ATTEMPTS_PER_HOUR)))
    throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
  if (await findIdentity(db, accountId)) throw refusal(Codes.ID_ALREADY_VERIFIED);
  const [account] = await db.select({ fullName: accounts.fullName }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new ApiError(401, Codes.SESSION_EXPIRED);

  const reader = idRecognitionOf(deps);
  const read = async (file: File, side: IdSide): Promise<IdReading> => {
    const image = await reencodeUpload(file, READ_SIDE);
    // The readers take JPEG (FPT.AI's documented formats); the re-encoded WebP carries no metadata.
    const bytes = await sharp(image.bytes).jpeg({ quality: 92 }).toBuffer();
    return reader.read({ bytes, side, documentType: photos.documentType });
  };
  let document;
  try {
    const front = await read(photos.front, 'front');
    // The back is read only for what the front lacks (the 2024 card prints address and expiry there): each reading is billed.
    const back = photos.back && (!front.expiresOn || !front.address) ? await read(photos.back, 'back') : undefined;
    document = documentFrom(photos.documentType, front, back, account.fullName, vietnamDay(now));
  } catch (error) {
    if (
      error instanceof IdentityRefusal ||
      (error instanceof IdRecognitionError && (isUnder(error.code) || error.code === Codes.OCR_SERVICE_UNAVAILABLE))
    ) {
      throw refusal(Number(error.code));
    }
    throw error;
  }

  try {
    const row = await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(identityVerifications)
        .values({ accountId, ...document, verifiedAt: now })
        .onConflictDoNothing({ target: identityVerifications.accountId })
        .returning();
      // The other of two simultaneous tries won.
      if (!stored) throw refusal(Codes.ID_ALREADY_VERIFIED);
      // An account without a name takes the document's.
      await tx
        .update(accounts)
        .set({
          fullName: sql`case when btrim(${accounts.fullName}) = '' then ${document.fullName} else ${accounts.fullName} end`,
          updatedAt: now,
        })
        .where(eq(accounts.id, accountId));
      return stored;
    });
    return view(row);
  } catch (error) {
    // The document's number is taken: by this account's own simultaneous try (its row committed
    // first, and PostgreSQL checked the number's index before the account's), or by another account.
    if (isUniqueViolation(error))
      throw refusal((await findIdentity(db, accountId)) ? Codes.ID_ALREADY_VERIFIED : Codes.ID_NUMBER_IN_USE);
    throw error;
  }
}
