import { Codes } from '#api/codes.ts';
import { inbodySegments, type InbodyDetection, type LeanBodyMass } from '#api/inbody.ts';
import { inbodyRecords } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import { latestDraft } from './service.ts';

// Issue 36 §6 (ADR 066): a member whose photo cannot be read types the values from the sheet.
// POST member/inbody/manual starts an empty DRAFT without a photo; the member fills it in the same
// dialog a read fills, and PUT update confirms it (so a double tap makes at most an empty draft,
// never two results). Its `reading` is null: nothing was read, nothing is marked doubtful.

/** Empty drafts cost a row each: as many an hour as photos, counted apart so a member past the photo limit can still type. */
const MANUAL_DRAFTS_PER_HOUR = 30;

const emptyLean = Object.fromEntries(
  inbodySegments.flatMap((s) => [
    [`${s}MuscleMass`, null],
    [`${s}MusclePercentage`, null],
    [`${s}Status`, null],
  ]),
) as LeanBodyMass;

export async function startManualEntry(deps: Deps, accountId: number): Promise<InbodyDetection> {
  const { db, clock } = deps;
  const now = clock.now();
  if (!(await countHit(db, `inbody:manual:${String(accountId)}`, hourWindow(now), MANUAL_DRAFTS_PER_HOUR)))
    throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
  await db.insert(inbodyRecords).values({
    accountId,
    status: 'DRAFT',
    photoId: null,
    measuredAt: now,
    leanBodyMass: emptyLean,
    fatBodyMass: null,
    reading: null,
    updatedAt: now,
    createdAt: now,
  });
  const draft = await latestDraft(db, accountId, now);
  if (!draft) throw new Error('the manual draft just made is not the latest');
  return draft;
}
