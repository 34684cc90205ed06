import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PtPackage, PtTrainer, PtWorkingInterval } from '#api/pt.ts';
import type { Executor } from '#gateway/db/client.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import { accounts, clubs, ptPackages, ptTrainers, ptWorkingHours } from '#gateway/db/schema/index.ts';
import { clubAccess, membershipsNotEndedBy, opensClub } from '#gateway/modules/club-access/queries.ts';
import { mediaUrl } from '#gateway/modules/media/queries.ts';

// Issue 13 §1 (ADR 044): the public reads of trainers and PT packages.

type PackageRow = typeof ptPackages.$inferSelect;

const toPackage = (row: PackageRow): PtPackage => ({
  id: row.id,
  clubId: row.clubId,
  nameVi: row.nameVi,
  nameEn: row.nameEn,
  sessions: row.sessions,
  validityDays: row.validityDays,
  price: row.price,
  pricePerSession: Math.round(row.price / row.sessions),
  isSilver: row.isSilver,
});

/** The packages on sale at active clubs (one club's, or every club's), by club then display order. */
export async function activePackages(db: Executor, clubId?: number): Promise<PtPackage[]> {
  const rows = await db
    .select({ pkg: ptPackages })
    .from(ptPackages)
    .innerJoin(clubs, eq(clubs.id, ptPackages.clubId))
    .where(
      and(
        eq(ptPackages.isActive, true),
        eq(clubs.isActive, true),
        clubId === undefined ? undefined : eq(ptPackages.clubId, clubId),
      ),
    )
    .orderBy(asc(ptPackages.clubId), asc(ptPackages.sortOrder), asc(ptPackages.id));
  return rows.map((r) => toPackage(r.pkg));
}

/** The mean of the stars to one decimal, or null before the first rating. */
export const ratingAverage = (sum: number, count: number) => (count === 0 ? null : Math.round((sum / count) * 10) / 10);

/** How members see a club's trainers: the best rated first, then by name. */
const trainerOrder = [
  sql`${ptTrainers.ratingSum}::float / nullif(${ptTrainers.ratingCount}, 0) desc nulls last`,
  asc(accounts.fullName),
  asc(ptTrainers.accountId),
];

/**
 * The active trainers who work at a club, best rated first, each with their week there: one
 * statement (the hours as JSON in the trainer's row).
 */
export async function trainersAtClub(db: Executor, clubId: number, now: Date): Promise<PtTrainer[]> {
  const year = Number(vietnamDay(now).slice(0, 4));
  const hours = sql<PtWorkingInterval[]>`(
    select json_agg(json_build_object('weekday', h.weekday, 'startMinute', h.start_minute, 'endMinute', h.end_minute) order by h.weekday, h.start_minute)
    from ${ptWorkingHours} h where h.trainer_account_id = ${ptTrainers.accountId} and h.club_id = ${clubId})`;
  const rows = await db
    .select({ trainer: ptTrainers, fullName: accounts.fullName, avatarMediaId: accounts.avatarMediaId, hours })
    .from(ptTrainers)
    .innerJoin(accounts, eq(accounts.id, ptTrainers.accountId))
    .where(
      and(
        eq(ptTrainers.isActive, true),
        eq(accounts.accountType, 'PT'),
        sql`exists (select 1 from ${ptWorkingHours} w where w.trainer_account_id = ${ptTrainers.accountId} and w.club_id = ${clubId})`,
      ),
    )
    .orderBy(...trainerOrder);
  return rows.map(({ trainer, fullName, avatarMediaId, hours: week }) => ({
    ptId: trainer.accountId,
    fullName,
    avatarUrl: avatarMediaId ? mediaUrl(avatarMediaId) : null,
    bioVi: trainer.bioVi,
    bioEn: trainer.bioEn,
    specialitiesVi: trainer.specialitiesVi,
    specialitiesEn: trainer.specialitiesEn,
    certificates: trainer.certificates,
    yearsOfExperience: Math.max(0, year - trainer.coachingSince),
    languages: trainer.languages.filter((l): l is 'vi' | 'en' => l === 'vi' || l === 'en'),
    ratingAverage: ratingAverage(trainer.ratingSum, trainer.ratingCount),
    ratingCount: trainer.ratingCount,
    workingHours: week ?? [],
  }));
}

/** The trainers trainersAtClub lists at each of these clubs, in its order: the names a desk proposes a trial with (GET /staff/trials). */
export async function trainerNamesAtClubs(db: Executor, clubIds: number[]) {
  if (clubIds.length === 0) return [];
  const works = db
    .selectDistinct({ trainerId: ptWorkingHours.trainerAccountId, clubId: ptWorkingHours.clubId })
    .from(ptWorkingHours)
    .where(inArray(ptWorkingHours.clubId, clubIds))
    .as('works');
  return db
    .select({ clubId: works.clubId, ptId: ptTrainers.accountId, fullName: accounts.fullName })
    .from(ptTrainers)
    .innerJoin(accounts, eq(accounts.id, ptTrainers.accountId))
    .innerJoin(works, eq(works.trainerId, ptTrainers.accountId))
    .where(and(eq(ptTrainers.isActive, true), eq(accounts.accountType, 'PT')))
    .orderBy(asc(works.clubId), ...trainerOrder);
}

/** Whether the member may take PT at a club: 'OK', no membership that opens it (163), or frozen today. */
export type PtClubAccess = 'OK' | 'NO_MEMBERSHIP' | 'FROZEN';

/**
 * GET /general/pt-contract/clubs: the active clubs that sell PT (a package and a trainer), each with
 * the caller's access there (a paid membership that opens it and has not ended, not frozen today).
 */
export async function ptClubs(db: Executor, accountId: number, now: Date) {
  const today = vietnamDay(now);
  const [rows, memberships, access] = await Promise.all([
    db
      .select({
        id: clubs.id,
        nameVi: clubs.nameVi,
        nameEn: clubs.nameEn,
        address: clubs.address,
        districtName: clubs.districtName,
      })
      .from(clubs)
      .where(
        and(
          eq(clubs.isActive, true),
          sql`exists (select 1 from ${ptPackages} p where p.club_id = ${clubs.id} and p.is_active)`,
          sql`exists (select 1 from ${ptWorkingHours} w join ${ptTrainers} t on t.account_id = w.trainer_account_id where w.club_id = ${clubs.id} and t.is_active)`,
        ),
      )
      .orderBy(asc(clubs.id)),
    membershipsNotEndedBy(db, accountId, today),
    clubAccess(db, accountId, 0, today),
  ]);
  const frozen = !access.ok && access.reason === 'FROZEN';
  return rows.map((club) => ({
    ...club,
    access: (opensClub(memberships, club.id) ? (frozen ? 'FROZEN' : 'OK') : 'NO_MEMBERSHIP') as PtClubAccess,
  }));
}
