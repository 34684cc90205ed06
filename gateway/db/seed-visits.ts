import { asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, isoWeekday, vietnamDay, vietnamDayStart } from '#api/vietnam-time.ts';
import type { Executor } from './client.ts';
import { accounts, clubs, visits } from './schema/index.ts';
import { seededRandom } from './seeded-random.ts';

// Issue 11 §3: four weeks of plausible visits for the demo clubs, so busyness shows something real
// on a fresh system: regulars (demo members in the retired 0100 05x xxx range) visiting through the
// day with the morning and after-work peaks of a Vietnamese gym, quieter at weekends' dawn.

const REGULARS = 120;
/** Visits starting in each hour (0–23) on an ordinary weekday at the busiest demo club. */
const WEEKDAY = [0, 0, 0, 0, 0, 5, 12, 11, 7, 4, 3, 3, 4, 3, 3, 4, 7, 13, 16, 15, 10, 6, 2, 0];
const WEEKEND = [0, 0, 0, 0, 0, 2, 6, 9, 10, 9, 7, 5, 4, 3, 3, 5, 7, 8, 8, 7, 5, 3, 1, 0];
const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Đức', 'Thu', 'Hoàng', 'Thanh'];
const GIVEN = [
  'An',
  'Bình',
  'Chi',
  'Dũng',
  'Hà',
  'Hải',
  'Hương',
  'Khánh',
  'Lan',
  'Long',
  'Mai',
  'Nam',
  'Phúc',
  'Quân',
  'Tâm',
  'Trang',
  'Tuấn',
  'Vy',
];

/** 0100 050 000 onwards: below the ranges the bench (0100 100 000+) and the tests (0101 000 000+) draw random phones from. */
export const regularPhone = (n: number) => `010005${String(n).padStart(4, '0')}`;

/** Once: a database that has any visit keeps its own. */
export async function seedVisitHistory(tx: Executor, now: Date) {
  const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(visits);
  if (existing.n > 0) return;
  const random = seededRandom(20_261_125);
  const phones = Array.from({ length: REGULARS }, (_, i) => regularPhone(i));
  await tx
    .insert(accounts)
    .values(
      phones.map((phoneNumber, i) => ({
        phoneNumber,
        accountType: 'MEMBER' as const,
        fullName: `${FAMILY[i % FAMILY.length]} ${MIDDLE[i % MIDDLE.length]} ${GIVEN[i % GIVEN.length]}`,
      })),
    )
    .onConflictDoNothing({ target: accounts.phoneNumber });
  const regulars = (
    await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.phoneNumber, phones))
  ).map((r) => r.id);
  const clubList = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.isActive, true)).orderBy(asc(clubs.id));
  const rows: (typeof visits.$inferInsert)[] = [];
  // The last day is today in Vietnam (its hours before now): a seed run at 06:00 there has the night's visits too.
  const lastDay = vietnamDay(now);
  for (const [index, club] of clubList.entries()) {
    const size = 1 - index * 0.07; // the first clubs are the big ones
    for (let day = 28; day >= 0; day--) {
      const date = addDays(lastDay, -day);
      const midnight = vietnamDayStart(date).getTime();
      const profile = isoWeekday(date) >= 6 ? WEEKEND : WEEKDAY;
      for (let hour = 0; hour < 24; hour++) {
        const count = Math.round(profile[hour] * size * (0.7 + 0.6 * random()));
        for (let k = 0; k < count; k++) {
          const at = midnight + hour * 3_600_000 + Math.floor(random() * 3_600_000);
          if (at >= now.getTime()) continue;
          rows.push({
            accountId: regulars[Math.floor(random() * regulars.length)],
            clubId: club.id,
            timeStep: 0,
            checkedInAt: new Date(at),
          });
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(visits).values(rows.slice(i, i + 1000));
}
