import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { Codes } from '#api/codes.ts';
import {
  inbodySegments,
  type InbodyDetectLimit,
  type InbodyDetection,
  type InbodyUnreadable,
  type InbodyList,
  type InbodyRecord,
  type InbodyUpdateBody,
  type LeanBodyMass,
  type FatBodyMass,
} from '#api/inbody.ts';
import { vietnamInstant } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { inbodyRecords, mediaFiles } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import { decodeUpload } from '#gateway/modules/media/upload.ts';
import { encodeImage } from '#gateway/modules/media/image.ts';
import { storeImage } from '#gateway/modules/media/queries.ts';
import {
  defaultOcrWorkers,
  OcrBusyError,
  OcrTimeoutError,
  sharedOcrPool,
  type DetectLines,
  type ReadLines,
  type Recognize,
} from './ocr-pool.ts';
import { unreadableReason } from './photo-quality.ts';
import { readSheet, startedWithTheOcr } from './sheet-reader.ts';

/** The media kind of sheet photos: private, served only through GET member/inbody/{id}/photo. */
export const INBODY_MEDIA_KIND = 'inbody';
/** Each reading costs seconds of a CPU: 30 photos an hour per member is far more than a visit to the scale needs. */
export const DETECT_ATTEMPTS_PER_HOUR = 30;
/** The reader's queue is full: a few photos are being read; the next may go in this many seconds. */
const OCR_BUSY_RETRY_SECONDS = 10;
/** The side a sheet photo is kept and read at: 8-point print stays legible. */
const SHEET_SIDE = 2400;
/** Drafts never confirmed are dropped (with their photos) after this long. */
const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

type Row = typeof inbodyRecords.$inferSelect;

export const inbodyPhotoUrl = (id: number) => `/api/v1/member/inbody/${String(id)}/photo`;

const view = (row: Row): InbodyRecord => ({
  id: row.id,
  status: row.status,
  measuredAt: row.measuredAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  imageUrl: row.photoId ? inbodyPhotoUrl(row.id) : null,
  weight: row.weight,
  skeletalMuscleMass: row.skeletalMuscleMass,
  percentBodyFat: row.percentBodyFat,
  bodyFatMass: row.bodyFatMass,
  score: row.score,
  totalBodyWater: row.totalBodyWater,
  protein: row.protein,
  minerals: row.minerals,
  leanBodyMass: row.leanBodyMass,
  fatBodyMass: row.fatBodyMass,
});

/** The process's OCR pool for this configuration. */
function ocrPoolOf(deps: Deps) {
  const { config } = deps;
  return sharedOcrPool({
    workers: config.INBODY_OCR_WORKERS || defaultOcrWorkers(),
    queue: config.INBODY_OCR_QUEUE,
    timeoutMs: config.INBODY_OCR_TIMEOUT_MS,
  });
}

/** The OCR this configuration reads with (tesseract, and the second engine of ADR 086); tests may replace it. */
export function ocrOf(deps: Deps): { recognize: Recognize; readLines?: ReadLines; detectLines?: DetectLines } {
  return ocrPoolOf(deps);
}

/**
 * POST member/inbody/prepare (ADR 085): a sheet photo has begun to arrive at the web server; on weak
 * 3G it takes seconds more. The OCR process starts now, not once it is here (about 1 s of a start,
 * more under load); if no photo comes they stop after the pool's idle time, as after a reading.
 */
export function prepareInbodyReading(deps: Deps): { started: number } {
  const pool = ocrPoolOf(deps);
  pool.warm();
  return { started: pool.started() };
}

/** YYYY-MM-DD printed on the sheet → that day at 08:00 in Vietnam; a date in the future or before 2000 is not believed. */
function measuredAtOf(testDate: string | undefined, now: Date): Date {
  if (!testDate) return now;
  const at = vietnamInstant(testDate, 8 * 60);
  if (Number.isNaN(at.getTime()) || at > now || at.getUTCFullYear() < 2000) return now;
  return at;
}

/**
 * POST member/inbody/detect (ADR 042): the photo through the upload pipeline, read, checked; kept
 * as the member's DRAFT with its photo. Nothing counts until PUT update confirms it.
 */
export async function detectInbody(
  deps: Deps,
  accountId: number,
  file: File,
  ocr: { recognize: Recognize; readLines?: ReadLines; detectLines?: DetectLines } = ocrOf(deps),
): Promise<InbodyDetection> {
  const { db, clock } = deps;
  const now = clock.now();
  const hour = hourWindow(now);
  if (!(await countHit(db, `inbody:detect:${String(accountId)}`, hour, DETECT_ATTEMPTS_PER_HOUR))) {
    // ADR 066: the page says how long to wait (the hour's window ends), and how many were sent.
    const retryAfterSeconds = Math.max(1, Math.ceil((hour.getTime() + 3_600_000 - now.getTime()) / 1000));
    throw new ApiError(429, Codes.TOO_MANY_REQUESTS, {
      limit: DETECT_ATTEMPTS_PER_HOUR,
      retryAfterSeconds,
    } satisfies InbodyDetectLimit);
  }
  const photo = await decodeUpload(file, SHEET_SIDE);
  // ADR 108: the photo kept is encoded (≈ 0.1 s, in sharp's threads) while the sheet is read from its
  // pixels; ADR 112: from when the page is handed to the OCR.
  const keeping = startedWithTheOcr(ocr.recognize, () => encodeImage(photo));
  // ADR 066: 103 says why in its data, so the page can say it in words.
  const unreadable = async (reading?: unknown) =>
    new ApiError(422, Codes.CANNOT_SCAN, {
      reason: await unreadableReason(photo, reading),
    } satisfies InbodyUnreadable);
  let reading;
  try {
    reading = await readSheet(photo, keeping.recognize, { readLines: ocr.readLines, detectLines: ocr.detectLines });
  } catch (error) {
    if (error instanceof OcrBusyError)
      throw new ApiError(429, Codes.TOO_MANY_REQUESTS, {
        retryAfterSeconds: OCR_BUSY_RETRY_SECONDS,
      } satisfies InbodyDetectLimit);
    if (error instanceof OcrTimeoutError) throw await unreadable();
    throw error;
  }
  if (!reading.usable) throw await unreadable(reading);
  const { values, confidence, warnings, parsed } = reading;
  const meta = { confidence, warnings, layout: parsed.layout, language: parsed.language };
  const image = await keeping.done();
  const row = await db.transaction(async (tx) => {
    await dropStaleDrafts(tx, accountId, now);
    const photoId = await storeImage(tx, accountId, INBODY_MEDIA_KIND, image);
    const [stored] = await tx
      .insert(inbodyRecords)
      .values({
        accountId,
        status: 'DRAFT',
        photoId,
        measuredAt: measuredAtOf(parsed.testDate, now),
        ...values,
        reading: meta,
        updatedAt: now,
        createdAt: now,
      })
      .returning();
    return stored;
  });
  return { record: view(row), ...meta };
}

async function dropStaleDrafts(tx: Executor, accountId: number, now: Date) {
  const stale = await tx
    .delete(inbodyRecords)
    .where(
      and(
        eq(inbodyRecords.accountId, accountId),
        eq(inbodyRecords.status, 'DRAFT'),
        lt(inbodyRecords.createdAt, new Date(now.getTime() - DRAFT_TTL_MS)),
      ),
    )
    .returning({ photoId: inbodyRecords.photoId });
  for (const { photoId } of stale) if (photoId) await tx.delete(mediaFiles).where(eq(mediaFiles.id, photoId));
}

/** GET member/inbody/list: the member's confirmed records, newest measurement first. */
export async function listInbody(
  db: Executor,
  accountId: number,
  query: { page: number; limit: number; isFull: boolean },
): Promise<InbodyList> {
  const where = and(eq(inbodyRecords.accountId, accountId), eq(inbodyRecords.status, 'CONFIRMED'));
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(inbodyRecords)
    .where(where);
  const limit = query.isFull ? Math.max(total, 1) : query.limit;
  const page = query.isFull ? 1 : query.page;
  const rows = await db
    .select()
    .from(inbodyRecords)
    .where(where)
    .orderBy(desc(inbodyRecords.measuredAt), desc(inbodyRecords.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { items: rows.map(view), page, limit, total };
}

/** The member's newest draft still kept (a day): the read they have not confirmed or discarded yet, with how sure it was. */
export async function latestDraft(db: Executor, accountId: number, now: Date): Promise<InbodyDetection | null> {
  const [row] = await db
    .select()
    .from(inbodyRecords)
    .where(
      and(
        eq(inbodyRecords.accountId, accountId),
        eq(inbodyRecords.status, 'DRAFT'),
        gt(inbodyRecords.createdAt, new Date(now.getTime() - DRAFT_TTL_MS)),
      ),
    )
    .orderBy(desc(inbodyRecords.createdAt), desc(inbodyRecords.id))
    .limit(1);
  if (!row) return null;
  const reading = row.reading ?? {
    confidence: {},
    warnings: [],
    layout: 'unknown' as const,
    language: 'unknown' as const,
  };
  return { record: view(row), ...reading };
}

async function ownRecord(db: Executor, accountId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(inbodyRecords)
    .where(and(eq(inbodyRecords.id, id), eq(inbodyRecords.accountId, accountId)));
  // Another member's record answers as a missing one.
  if (!row) throw notFound();
  return row;
}

/** PUT member/inbody/{id}/update: the member's values confirm a draft or correct a record. */
export async function updateInbody(
  deps: Deps,
  accountId: number,
  id: number,
  body: InbodyUpdateBody,
): Promise<InbodyRecord> {
  const { db, clock } = deps;
  const now = clock.now();
  const row = await ownRecord(db, accountId, id);
  const keep = <T>(value: T | undefined, old: T) => (value === undefined ? old : value);
  const lean = { ...row.leanBodyMass } as Record<string, unknown>;
  for (const [key, value] of Object.entries(body.leanBodyMass ?? {})) if (value !== undefined) lean[key] = value;
  let fat = row.fatBodyMass ? ({ ...row.fatBodyMass } as Record<string, unknown>) : null;
  if (body.fatBodyMass && Object.values(body.fatBodyMass).some((v) => v !== undefined)) {
    fat ??= Object.fromEntries(
      inbodySegments.flatMap((s) => [
        [`${s}FatMass`, null],
        [`${s}FatPercentage`, null],
        [`${s}Status`, null],
      ]),
    );
    for (const [key, value] of Object.entries(body.fatBodyMass)) if (value !== undefined) fat[key] = value;
  }
  const [updated] = await db
    .update(inbodyRecords)
    .set({
      status: 'CONFIRMED',
      confirmedAt: row.confirmedAt ?? now,
      updatedAt: now,
      weight: body.weight,
      skeletalMuscleMass: body.skeletalMuscleMass,
      percentBodyFat: body.percentBodyFat,
      bodyFatMass: keep(body.bodyFatMass, row.bodyFatMass),
      score: keep(body.score, row.score),
      totalBodyWater: keep(body.totalBodyWater, row.totalBodyWater),
      protein: keep(body.protein, row.protein),
      minerals: keep(body.minerals, row.minerals),
      measuredAt: body.measuredOn ? vietnamInstant(body.measuredOn, 8 * 60) : row.measuredAt,
      leanBodyMass: lean as LeanBodyMass,
      fatBodyMass: fat as FatBodyMass | null,
    })
    .where(and(eq(inbodyRecords.id, id), eq(inbodyRecords.accountId, accountId)))
    .returning();
  if (!updated) throw notFound();
  return view(updated);
}

/** DELETE member/inbody/{id}/delete: the record and its photo. */
export async function deleteInbody(db: Executor, accountId: number, id: number): Promise<void> {
  const row = await ownRecord(db, accountId, id);
  await db.transaction(async (tx) => {
    await tx.delete(inbodyRecords).where(and(eq(inbodyRecords.id, id), eq(inbodyRecords.accountId, accountId)));
    if (row.photoId) await tx.delete(mediaFiles).where(eq(mediaFiles.id, row.photoId));
  });
}

/** GET member/inbody/{id}/photo: the owner's photo only. */
export async function inbodyPhoto(db: Executor, accountId: number, id: number) {
  const row = await ownRecord(db, accountId, id);
  if (!row.photoId) throw notFound();
  const [media] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, row.photoId), eq(mediaFiles.ownerAccountId, accountId)));
  if (!media) throw notFound();
  return media;
}
