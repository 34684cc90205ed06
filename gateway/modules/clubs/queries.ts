import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { CityWithClubs, Club, ClubsQuery, PaymentMethodGroup } from '#api/clubs.ts';
import type { Executor } from '#gateway/db/client.ts';
import { cities, clubs, paymentMethodGroups } from '#gateway/db/schema/index.ts';

const vietnamese = new Intl.Collator('vi');

/** Cities with at least one active club: the most clubs first, then by Vietnamese name. */
export async function citiesWithClubs(db: Executor): Promise<CityWithClubs[]> {
  const rows = await db
    .select({ id: cities.id, nameVi: cities.nameVi, nameEn: cities.nameEn, clubCount: count(clubs.id) })
    .from(cities)
    .innerJoin(clubs, and(eq(clubs.cityId, cities.id), eq(clubs.isActive, true)))
    .groupBy(cities.id);
  return rows.sort((a, b) => b.clubCount - a.clubCount || vietnamese.compare(a.nameVi, b.nameVi) || a.id - b.id);
}

const clubColumns = {
  id: clubs.id,
  nameVi: clubs.nameVi,
  nameEn: clubs.nameEn,
  address: clubs.address,
  districtName: clubs.districtName,
  cityId: clubs.cityId,
  cityNameVi: cities.nameVi,
  cityNameEn: cities.nameEn,
  latitude: clubs.latitude,
  longitude: clubs.longitude,
  hotline: clubs.hotline,
  isActive: clubs.isActive,
};

const selectClubs = (db: Executor, where: SQL | undefined) =>
  db.select(clubColumns).from(clubs).innerJoin(cities, eq(cities.id, clubs.cityId)).where(where);

/** Clubs whose isActive is the one asked for (true unless told), optionally in one city; by city, then id. */
export async function listClubs(db: Executor, { cityId, isActive }: ClubsQuery): Promise<Club[]> {
  const where = and(eq(clubs.isActive, isActive), cityId === undefined ? undefined : eq(clubs.cityId, cityId));
  return selectClubs(db, where).orderBy(asc(clubs.cityId), asc(clubs.id));
}

/** One club, active or not (a member's history may point at a closed one); null when unknown. */
export async function findClub(db: Executor, clubId: number): Promise<Club | null> {
  const [row] = await selectClubs(db, eq(clubs.id, clubId));
  return row ?? null;
}

/** The payment method groups a member may choose from, in their display order. */
export async function activePaymentMethodGroups(db: Executor): Promise<PaymentMethodGroup[]> {
  return db
    .select({
      id: paymentMethodGroups.id,
      code: paymentMethodGroups.code,
      nameVi: paymentMethodGroups.nameVi,
      nameEn: paymentMethodGroups.nameEn,
    })
    .from(paymentMethodGroups)
    .where(eq(paymentMethodGroups.isActive, true))
    .orderBy(asc(paymentMethodGroups.sortOrder), asc(paymentMethodGroups.id));
}
