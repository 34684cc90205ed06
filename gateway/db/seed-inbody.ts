import { eq, sql } from 'drizzle-orm';
import { inbodySegments, levelOfPercent, type FatBodyMass, type LeanBodyMass } from '#api/inbody.ts';
import type { Executor } from './client.ts';
import { inbodyRecords } from './schema/index.ts';

// Issue 14: the demo member's InBody history, so every /inbody screen has real data: 8 confirmed
// scans over a year (about every 7 weeks), slowly losing fat and gaining muscle, the composition
// adding up as a sheet prints it. The last four on a 570 (segmental fat too). No photos.
// Sandbox only, once: a demo member who already has records is left as they are.

const DAY = 86_400_000;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Scan i of 8 (0 = a year ago): the member's numbers then. */
function scan(i: number) {
  const t = i / 7;
  const weight = round(79.4 - 6.2 * t + (i % 3 === 1 ? 0.6 : 0));
  const percentBodyFat = round(27.8 - 7.1 * t + (i % 3 === 1 ? 0.4 : 0));
  const bodyFatMass = round((weight * percentBodyFat) / 100);
  const fatFree = weight - bodyFatMass;
  const minerals = round(fatFree * 0.061, 2);
  const protein = round(fatFree * 0.2);
  const totalBodyWater = round(weight - bodyFatMass - protein - minerals);
  const skeletalMuscleMass = round(fatFree * (0.545 + 0.01 * t));
  const score = Math.round(70 + 9 * t);
  const share = { rightArm: 0.056, leftArm: 0.055, trunk: 0.445, rightLeg: 0.158, leftLeg: 0.156 } as const;
  const leanPercent = {
    rightArm: 96 + 10 * t,
    leftArm: 94 + 10 * t,
    trunk: 101 + 8 * t,
    rightLeg: 88 + 6 * t,
    leftLeg: 87 + 6 * t,
  } as const;
  const fatPercent = {
    rightArm: 150 - 40 * t,
    leftArm: 152 - 40 * t,
    trunk: 190 - 70 * t,
    rightLeg: 120 - 25 * t,
    leftLeg: 121 - 25 * t,
  } as const;
  const leanBodyMass = Object.fromEntries(
    inbodySegments.flatMap((s) => [
      [`${s}MuscleMass`, round(fatFree * share[s], 2)],
      [`${s}MusclePercentage`, round(leanPercent[s])],
      [`${s}Status`, levelOfPercent(leanPercent[s])],
    ]),
  ) as LeanBodyMass;
  const fatBodyMass =
    i >= 4
      ? (Object.fromEntries(
          inbodySegments.flatMap((s) => [
            [`${s}FatMass`, round(bodyFatMass * (s === 'trunk' ? 0.5 : s.endsWith('Arm') ? 0.06 : 0.15))],
            [`${s}FatPercentage`, round(fatPercent[s])],
            [`${s}Status`, fatPercent[s] > 160 ? 'Over' : fatPercent[s] < 80 ? 'Under' : 'Normal'],
          ]),
        ) as FatBodyMass)
      : null;
  return {
    weight,
    percentBodyFat,
    bodyFatMass,
    minerals,
    protein,
    totalBodyWater,
    skeletalMuscleMass,
    score,
    leanBodyMass,
    fatBodyMass,
  };
}

export async function seedDemoInbody(tx: Executor, accountId: number, now: Date) {
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(inbodyRecords)
    .where(eq(inbodyRecords.accountId, accountId));
  if (existing.n > 0) return;
  const rows = Array.from({ length: 8 }, (_, i) => {
    // 8:15 in Vietnam, 7 weeks apart, the last one 5 days ago.
    const day = new Date(now.getTime() - (5 + (7 - i) * 49) * DAY);
    const measuredAt = new Date(`${day.toISOString().slice(0, 10)}T01:15:00Z`);
    return {
      accountId,
      status: 'CONFIRMED' as const,
      measuredAt,
      confirmedAt: measuredAt,
      createdAt: measuredAt,
      updatedAt: measuredAt,
      ...scan(i),
    };
  });
  await tx.insert(inbodyRecords).values(rows);
}
