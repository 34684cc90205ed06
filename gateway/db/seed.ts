import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import {
  accounts,
  appSettings,
  cities,
  clubs,
  contentPages,
  couponCampaigns,
  coupons,
  freezeOptions,
  memberGifts,
  notifications,
  paymentMethodGroups,
  paymentPlans,
} from './schema/index.ts';
import { clubBankAccount, couponRows, freezeOptionRows, planRowsForClub } from './seed-membership.ts';
import {
  contactSettingRows,
  contentPageRows,
  operatorSettingRows,
  demoGift,
  demoNotifications,
} from './seed-content.ts';
import { seedDemoMemberHistory } from './seed-demo-member.ts';
import { seedDemoInbody } from './seed-inbody.ts';
import { regularPhone, seedVisitHistory } from './seed-visits.ts';
import { seedClasses, seedDemoClassBookings } from './seed-classes.ts';
import { seedTrainers } from './seed-pt.ts';

// 0100… numbers: the 010x prefix has not been a Vietnamese mobile range since 2018.
export const DEMO_STAFF_PHONE = '0100000001';
export const DEMO_MEMBER_PHONE = '0100000002';
/** A GM: confirms cash and reviews payments at every club. */
export const DEMO_MANAGER_PHONE = '0100000003';
/** A second front-desk employee at the first club: the staff area's browser journey signs in as them (issue 17). */
export const DEMO_DESK_PHONE = '0100000004';
/** The first club's manager (LEADER): everything of their club, its audit log and staff list (issue 17). */
export const DEMO_LEADER_PHONE = '0100000005';

const cityRows = [
  { slug: 'ho-chi-minh', nameVi: 'TP. Hồ Chí Minh', nameEn: 'Ho Chi Minh City' },
  { slug: 'ha-noi', nameVi: 'Hà Nội', nameEn: 'Hanoi' },
  { slug: 'da-nang', nameVi: 'Đà Nẵng', nameEn: 'Da Nang' },
];

type ClubSeed = Omit<typeof clubs.$inferInsert, 'cityId'> & { city: string };

const clubRows: ClubSeed[] = [
  {
    city: 'ho-chi-minh',
    slug: 'q1-le-thanh-ton',
    nameVi: 'Gym Lê Thánh Tôn',
    nameEn: 'Gym Le Thanh Ton',
    address: '72 Lê Thánh Tôn, Phường Bến Nghé',
    districtName: 'Quận 1',
    latitude: 10.7769,
    longitude: 106.7009,
    hotline: '0100 000 101',
  },
  {
    city: 'ho-chi-minh',
    slug: 'q3-vo-van-tan',
    nameVi: 'Gym Võ Văn Tần',
    nameEn: 'Gym Vo Van Tan',
    address: '135 Võ Văn Tần, Phường 6',
    districtName: 'Quận 3',
    latitude: 10.7745,
    longitude: 106.6903,
    hotline: '0100 000 102',
  },
  {
    city: 'ho-chi-minh',
    slug: 'q7-nguyen-thi-thap',
    nameVi: 'Gym Nguyễn Thị Thập',
    nameEn: 'Gym Nguyen Thi Thap',
    address: '468 Nguyễn Thị Thập, Phường Tân Quy',
    districtName: 'Quận 7',
    latitude: 10.7383,
    longitude: 106.7146,
    hotline: '0100 000 103',
  },
  {
    city: 'ho-chi-minh',
    slug: 'thu-duc-vo-van-ngan',
    nameVi: 'Gym Võ Văn Ngân',
    nameEn: 'Gym Vo Van Ngan',
    address: '216 Võ Văn Ngân, Phường Bình Thọ',
    districtName: 'TP. Thủ Đức',
    latitude: 10.8506,
    longitude: 106.7719,
    hotline: '0100 000 104',
  },
  {
    city: 'ha-noi',
    slug: 'cau-giay-xuan-thuy',
    nameVi: 'Gym Xuân Thủy',
    nameEn: 'Gym Xuan Thuy',
    address: '173 Xuân Thủy, Phường Dịch Vọng Hậu',
    districtName: 'Quận Cầu Giấy',
    latitude: 21.0368,
    longitude: 105.7826,
    hotline: '0100 000 105',
  },
  {
    city: 'ha-noi',
    slug: 'dong-da-thai-ha',
    nameVi: 'Gym Thái Hà',
    nameEn: 'Gym Thai Ha',
    address: '62 Thái Hà, Phường Trung Liệt',
    districtName: 'Quận Đống Đa',
    latitude: 21.0127,
    longitude: 105.8199,
    hotline: '0100 000 106',
  },
  {
    city: 'ha-noi',
    slug: 'hai-ba-trung-ba-trieu',
    nameVi: 'Gym Bà Triệu',
    nameEn: 'Gym Ba Trieu',
    address: '191 Bà Triệu, Phường Lê Đại Hành',
    districtName: 'Quận Hai Bà Trưng',
    latitude: 21.0109,
    longitude: 105.8494,
    hotline: '0100 000 107',
  },
  {
    city: 'da-nang',
    slug: 'hai-chau-nguyen-van-linh',
    nameVi: 'Gym Nguyễn Văn Linh',
    nameEn: 'Gym Nguyen Van Linh',
    address: '255 Nguyễn Văn Linh, Phường Thạc Gián',
    districtName: 'Quận Thanh Khê',
    latitude: 16.0606,
    longitude: 108.2093,
    hotline: '0100 000 108',
  },
  {
    city: 'da-nang',
    slug: 'son-tra-vo-nguyen-giap',
    nameVi: 'Gym Võ Nguyên Giáp',
    nameEn: 'Gym Vo Nguyen Giap',
    address: '118 Võ Nguyên Giáp, Phường Phước Mỹ',
    districtName: 'Quận Sơn Trà',
    latitude: 16.0678,
    longitude: 108.2452,
    hotline: '0100 000 109',
  },
];

const paymentMethodRows = [
  { id: 1, code: 'QR', nameVi: 'Chuyển khoản ngân hàng (QR)', nameEn: 'Bank transfer (QR)', sortOrder: 1 },
  { id: 2, code: 'CARD', nameVi: 'Thẻ ATM / thẻ tín dụng', nameEn: 'Debit or credit card', sortOrder: 2 },
  { id: 3, code: 'CASH', nameVi: 'Tiền mặt tại quầy', nameEn: 'Cash at the counter', sortOrder: 3 },
];

const settingRows = [
  { key: 'app_version', valueVi: '1.0.0', valueEn: '1.0.0' },
  ...contactSettingRows,
  ...operatorSettingRows,
];

export async function isDatabaseEmpty(db: Database) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cities);
  return row.n === 0;
}

/**
 * At start: demo data (a GM with a known phone, coupons…) goes only into an empty sandbox
 * database. A production database is seeded only on request (`npm run db:seed`).
 */
export async function seedOnStart(
  db: Database,
  sandbox: boolean,
): Promise<'seeded' | 'not seeded: not the sandbox' | 'not empty'> {
  if (!(await isDatabaseEmpty(db))) return 'not empty';
  if (!sandbox) return 'not seeded: not the sandbox';
  await seedDatabase(db);
  return 'seeded';
}

/** Demo data for a fresh system. Idempotent: what exists is left as staff may have changed it. */
export async function seedDatabase(
  db: Database,
  now = new Date(),
  { visitHistory = true }: { visitHistory?: boolean } = {},
) {
  await db.transaction(async (tx) => {
    await tx.insert(cities).values(cityRows).onConflictDoNothing({ target: cities.slug });
    const cityIds = new Map((await tx.select().from(cities)).map((c) => [c.slug, c.id]));
    await tx
      .insert(clubs)
      .values(clubRows.map(({ city, ...club }) => ({ ...club, cityId: cityIds.get(city)! })))
      .onConflictDoNothing({ target: clubs.slug });
    await tx
      .insert(paymentMethodGroups)
      .values(paymentMethodRows)
      .onConflictDoNothing({ target: paymentMethodGroups.id });
    await tx.insert(freezeOptions).values(freezeOptionRows).onConflictDoNothing({ target: freezeOptions.days });
    await tx.insert(appSettings).values(settingRows).onConflictDoNothing({ target: appSettings.key });
    await tx
      .insert(accounts)
      .values([
        { phoneNumber: DEMO_STAFF_PHONE, accountType: 'EMPLOYEE', fullName: 'Trần Thị Lễ Tân' },
        { phoneNumber: DEMO_MANAGER_PHONE, accountType: 'GM', fullName: 'Lê Văn Quản Lý' },
        { phoneNumber: DEMO_DESK_PHONE, accountType: 'EMPLOYEE', fullName: 'Võ Minh Quầy' },
        { phoneNumber: DEMO_LEADER_PHONE, accountType: 'LEADER', fullName: 'Phạm Thu Trưởng' },
        { phoneNumber: DEMO_MEMBER_PHONE, accountType: 'MEMBER', fullName: 'Nguyễn Văn An' },
      ])
      .onConflictDoNothing({ target: accounts.phoneNumber });
    await tx.insert(contentPages).values(contentPageRows).onConflictDoNothing({ target: contentPages.slug });
    await seedMembership(tx, now);
    await seedClasses(tx);
    await seedTrainers(tx, now);

    // The demo member's inbox and gift, once: a member who read or used them keeps it that way.
    const [demo] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.phoneNumber, DEMO_MEMBER_PHONE));
    const [inbox] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.accountId, demo.id));
    if (inbox.n === 0) {
      await tx
        .insert(notifications)
        .values(demoNotifications(now).map((n) => ({ ...n, id: randomBytes(16).toString('hex'), accountId: demo.id })));
    }
    const [firstClub] = await tx.select({ id: clubs.id }).from(clubs).orderBy(asc(clubs.id)).limit(1);
    await seedDemoMemberHistory(tx, demo.id, firstClub.id, now);
    await seedDemoInbody(tx, demo.id, now);
    const [gifts] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memberGifts)
      .where(eq(memberGifts.accountId, demo.id));
    if (gifts.n === 0) await tx.insert(memberGifts).values({ ...demoGift(now), accountId: demo.id, createdAt: now });
    if (visitHistory) {
      await seedVisitHistory(tx, now);
      // Today's classes at the first club with some of the regulars booked (the staff Classes screen, ADR 051).
      const phones = Array.from({ length: 40 }, (_, i) => regularPhone(i));
      const regulars = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(inArray(accounts.phoneNumber, phones))
        .orderBy(asc(accounts.id));
      await seedDemoClassBookings(
        tx,
        now,
        regulars.map((r) => r.id),
      );
    }
  });
}

/** Receiving accounts, plans for every club that has none, and the demo coupons (issue 4). */
async function seedMembership(tx: Parameters<Parameters<Database['transaction']>[0]>[0], now: Date) {
  const clubList = await tx
    .select({ id: clubs.id, bankBin: clubs.bankBin, citySlug: cities.slug })
    .from(clubs)
    .innerJoin(cities, eq(cities.id, clubs.cityId));
  for (const club of clubList) {
    if (!club.bankBin)
      await tx
        .update(clubs)
        .set(clubBankAccount(club.id))
        .where(and(eq(clubs.id, club.id), isNull(clubs.bankBin)));
    const [plans] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentPlans)
      .where(eq(paymentPlans.clubId, club.id));
    if (plans.n === 0) await tx.insert(paymentPlans).values(planRowsForClub(club.id, club.citySlug));
  }
  // The front-desk and manager demo accounts work at the first club.
  const first = clubList.reduce((min, c) => Math.min(min, c.id), Number.MAX_SAFE_INTEGER);
  await tx
    .update(accounts)
    .set({ clubId: first })
    .where(
      and(
        inArray(accounts.phoneNumber, [DEMO_STAFF_PHONE, DEMO_DESK_PHONE, DEMO_LEADER_PHONE]),
        isNull(accounts.clubId),
      ),
    );
  for (const { campaign, ...coupon } of couponRows(now)) {
    const [existing] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, coupon.code));
    if (existing) continue;
    const [row] = await tx.insert(couponCampaigns).values(campaign).returning({ id: couponCampaigns.id });
    await tx.insert(coupons).values({ ...coupon, campaignId: row.id });
  }
}

export async function countSeeded(db: Database) {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clubs)
    .where(eq(clubs.isActive, true));
  return c.n;
}
