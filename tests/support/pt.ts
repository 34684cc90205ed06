import { asc, eq } from 'drizzle-orm';
import { accounts, ptWorkingHours } from '#gateway/db/schema/index.ts';
import type { TestGateway } from './gateway.ts';

/** The seeded trainers who work at a club (their account id and phone for the staff sign-in), by id. */
export const clubTrainers = (gw: TestGateway, clubId: number) =>
  gw.db
    .selectDistinct({ id: accounts.id, phone: accounts.phoneNumber })
    .from(ptWorkingHours)
    .innerJoin(accounts, eq(accounts.id, ptWorkingHours.trainerAccountId))
    .where(eq(ptWorkingHours.clubId, clubId))
    .orderBy(asc(accounts.id));
