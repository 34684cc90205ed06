import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { addDays, vietnamDay, vietnamDayStart } from '#api/vietnam-time.ts';
import { ensureSessions } from '#gateway/modules/classes/sessions.ts';
import type { Executor } from './client.ts';
import {
  accounts,
  classBookings,
  classInstructors,
  classRooms,
  classSchedules,
  classSessions,
  classTypes,
  clubs,
} from './schema/index.ts';

// Issue 11 §4: the chain's class types, two instructors and two rooms per club, and a weekly timetable
// shaped like a Vietnamese gym's (dawn and after-work peaks, lunch on weekdays, mornings at weekends).

export const classTypeRows: (typeof classTypes.$inferInsert)[] = [
  {
    slug: 'yoga',
    nameVi: 'Yoga',
    nameEn: 'Yoga',
    descriptionVi: 'Các tư thế yoga cơ bản kết hợp hơi thở, giúp dẻo dai, giảm căng thẳng và ngủ ngon hơn.',
    descriptionEn: 'Basic yoga poses with breathing, for flexibility, less stress and better sleep.',
    level: 'ALL',
    durationMinutes: 60,
    bringVi: 'Thảm yoga (câu lạc bộ có sẵn), khăn nhỏ, nước uống. Tập chân trần.',
    bringEn: 'A yoga mat (the club has some), a small towel, water. Barefoot.',
  },
  {
    slug: 'zumba',
    nameVi: 'Zumba',
    nameEn: 'Zumba',
    descriptionVi: 'Nhảy theo nhạc Latin sôi động, đốt năng lượng mà không cần biết nhảy trước.',
    descriptionEn: 'Dance to lively Latin music and burn energy, no dance experience needed.',
    level: 'ALL',
    durationMinutes: 55,
    bringVi: 'Giày thể thao nhẹ, khăn, nước uống.',
    bringEn: 'Light trainers, a towel, water.',
  },
  {
    slug: 'body-pump',
    nameVi: 'Body Pump',
    nameEn: 'Body Pump',
    descriptionVi: 'Tập tạ đòn nhẹ theo nhạc, nhiều lần lặp cho toàn thân: săn chắc và tăng sức bền cơ.',
    descriptionEn: 'Light barbell work to music with many repetitions for the whole body: tone and muscular endurance.',
    level: 'INTERMEDIATE',
    durationMinutes: 60,
    bringVi: 'Giày thể thao, khăn, nước uống. Tạ và ghế có sẵn tại lớp.',
    bringEn: 'Trainers, a towel, water. Weights and steps are in the studio.',
  },
  {
    slug: 'boxing',
    nameVi: 'Boxing',
    nameEn: 'Boxing',
    descriptionVi: 'Kỹ thuật đấm, di chuyển và bài tập thể lực với bao cát; không đối kháng.',
    descriptionEn: 'Punching technique, footwork and conditioning on the bags; no sparring.',
    level: 'INTERMEDIATE',
    durationMinutes: 60,
    bringVi: 'Băng quấn tay (có bán tại quầy), găng tay nếu có, khăn, nước uống.',
    bringEn: 'Hand wraps (sold at the desk), gloves if you have them, a towel, water.',
  },
  {
    slug: 'cycling',
    nameVi: 'Đạp xe trong nhà',
    nameEn: 'Indoor Cycling',
    descriptionVi: 'Đạp xe theo nhạc với các đoạn leo dốc và nước rút, tốt cho tim mạch.',
    descriptionEn: 'Ride to music with climbs and sprints, good for your heart.',
    level: 'ALL',
    durationMinutes: 45,
    bringVi: 'Quần áo thoáng, khăn, 1 chai nước lớn. Nên đến sớm 5 phút để chỉnh xe.',
    bringEn: 'Breathable clothes, a towel, a big bottle of water. Come 5 minutes early to set up the bike.',
  },
  {
    slug: 'pilates',
    nameVi: 'Pilates',
    nameEn: 'Pilates',
    descriptionVi: 'Bài tập trên thảm tập trung vào cơ lõi, tư thế và kiểm soát chuyển động.',
    descriptionEn: 'Mat work focused on the core, posture and controlled movement.',
    level: 'BEGINNER',
    durationMinutes: 50,
    bringVi: 'Thảm (câu lạc bộ có sẵn), tất chống trượt, nước uống.',
    bringEn: 'A mat (the club has some), grip socks, water.',
  },
  {
    slug: 'hiit',
    nameVi: 'HIIT',
    nameEn: 'HIIT',
    descriptionVi: 'Tập cường độ cao ngắt quãng: 30 phút mồ hôi, đốt mỡ hiệu quả.',
    descriptionEn: 'High-intensity intervals: 30 sweaty minutes that burn fat.',
    level: 'ADVANCED',
    durationMinutes: 30,
    bringVi: 'Giày thể thao chắc chân, khăn, nước uống.',
    bringEn: 'Supportive trainers, a towel, water.',
  },
  {
    slug: 'stretching',
    nameVi: 'Giãn cơ',
    nameEn: 'Stretch & Mobility',
    descriptionVi: 'Giãn cơ và tăng độ linh hoạt khớp, nhẹ nhàng, hợp cho người mới và ngày nghỉ.',
    descriptionEn: 'Gentle stretching and joint mobility, good for beginners and rest days.',
    level: 'BEGINNER',
    durationMinutes: 45,
    bringVi: 'Thảm (câu lạc bộ có sẵn), nước uống.',
    bringEn: 'A mat (the club has some), water.',
  },
];

export const INSTRUCTOR_NAMES = [
  'Nguyễn Thu Hà',
  'Trần Minh Khoa',
  'Lê Ngọc Anh',
  'Phạm Quốc Bảo',
  'Hoàng Mai Linh',
  'Võ Thành Đạt',
  'Đặng Thảo Vy',
  'Bùi Gia Huy',
  'Đỗ Khánh Ly',
  'Phan Hữu Nghĩa',
  'Huỳnh Bảo Trâm',
  'Vũ Đức Thắng',
  'Ngô Thanh Tâm',
  'Dương Hải Yến',
  'Lý Công Minh',
  'Tạ Phương Nhi',
  'Mai Xuân Trường',
  'Trịnh Diệu Linh',
];

/** 0100 001 000 onwards: demo instructors, apart from the demo staff, regulars and test phones. */
export const instructorPhone = (n: number) => `010000${String(1000 + n)}`;

const BIOS = [
  {
    bioVi: 'Huấn luyện viên yoga và pilates, 6 năm kinh nghiệm. Chứng chỉ RYT-200.',
    bioEn: 'Yoga and pilates teacher, 6 years of experience. RYT-200 certified.',
  },
  {
    bioVi: 'Huấn luyện viên thể lực và boxing, từng thi đấu quyền anh nghiệp dư. 8 năm đứng lớp.',
    bioEn: 'Conditioning and boxing coach, former amateur boxer. 8 years of teaching classes.',
  },
];

/** Hour:minute, weekday (1–7) → class slug; two rooms: the studio and the cycling room. */
type Slot = { minute: number; slug: string; room: 0 | 1; capacity: number };
const WEEKDAY_SLOTS: Slot[][] = [
  [
    { minute: 6 * 60, slug: 'yoga', room: 0, capacity: 20 },
    { minute: 12 * 60 + 15, slug: 'hiit', room: 0, capacity: 16 },
    { minute: 18 * 60, slug: 'cycling', room: 1, capacity: 18 },
    { minute: 19 * 60 + 15, slug: 'body-pump', room: 0, capacity: 22 },
  ],
  [
    { minute: 6 * 60, slug: 'pilates', room: 0, capacity: 16 },
    { minute: 12 * 60 + 15, slug: 'stretching', room: 0, capacity: 20 },
    { minute: 18 * 60, slug: 'boxing', room: 0, capacity: 16 },
    { minute: 19 * 60 + 15, slug: 'zumba', room: 0, capacity: 25 },
  ],
];
const WEEKEND_SLOTS: Slot[] = [
  { minute: 7 * 60 + 30, slug: 'yoga', room: 0, capacity: 20 },
  { minute: 9 * 60, slug: 'zumba', room: 0, capacity: 25 },
  { minute: 10 * 60 + 30, slug: 'cycling', room: 1, capacity: 18 },
  { minute: 17 * 60, slug: 'stretching', room: 0, capacity: 20 },
];

const ROOMS = [
  { nameVi: 'Phòng Studio', nameEn: 'Studio' },
  { nameVi: 'Phòng đạp xe', nameEn: 'Cycling room' },
];

/** Once per club: a club that has schedules keeps them as staff changed them. */
export async function seedClasses(tx: Executor) {
  await tx.insert(classTypes).values(classTypeRows).onConflictDoNothing({ target: classTypes.slug });
  const typeIds = new Map(
    (await tx.select({ id: classTypes.id, slug: classTypes.slug }).from(classTypes)).map((t) => [t.slug, t.id]),
  );
  const clubList = await tx.select({ id: clubs.id }).from(clubs).orderBy(asc(clubs.id));
  for (const [clubIndex, club] of clubList.entries()) {
    const [existing] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(classSchedules)
      .where(eq(classSchedules.clubId, club.id));
    if (existing.n > 0) continue;
    const instructorIds: number[] = [];
    for (let i = 0; i < 2; i++) {
      const n = clubIndex * 2 + i;
      const phoneNumber = instructorPhone(n);
      await tx
        .insert(accounts)
        .values({
          phoneNumber,
          accountType: 'EMPLOYEE',
          fullName: INSTRUCTOR_NAMES[n % INSTRUCTOR_NAMES.length],
          clubId: club.id,
        })
        .onConflictDoNothing({ target: accounts.phoneNumber });
      const [account] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.phoneNumber, phoneNumber));
      await tx
        .insert(classInstructors)
        .values({ accountId: account.id, ...BIOS[i] })
        .onConflictDoNothing();
      instructorIds.push(account.id);
    }
    const roomIds: number[] = [];
    for (const room of ROOMS) {
      const [row] = await tx
        .insert(classRooms)
        .values({ clubId: club.id, ...room })
        .onConflictDoNothing()
        .returning({ id: classRooms.id });
      roomIds.push(row.id);
    }
    const schedules: (typeof classSchedules.$inferInsert)[] = [];
    for (let weekday = 1; weekday <= 7; weekday++) {
      const slots = weekday >= 6 ? WEEKEND_SLOTS : WEEKDAY_SLOTS[(weekday + clubIndex) % 2];
      for (const slot of slots) {
        // Instructor 0 teaches the calm classes, instructor 1 the hard ones.
        const hard = ['hiit', 'boxing', 'body-pump', 'cycling'].includes(slot.slug);
        schedules.push({
          clubId: club.id,
          classTypeId: typeIds.get(slot.slug)!,
          instructorAccountId: instructorIds[hard ? 1 : 0],
          roomId: roomIds[slot.room],
          weekday,
          startMinute: slot.minute,
          capacity: slot.capacity,
        });
      }
    }
    await tx.insert(classSchedules).values(schedules);
  }
}

/**
 * The demo's desk (ADR 051): today's classes at the first club have members booked, so the staff
 * Classes screen shows a real day. Regular members (seed-visits.ts) only, never a class filled to
 * the last spot: the demo member and the tests still find spots. Once: a day that has bookings is left.
 */
export async function seedDemoClassBookings(tx: Executor, now: Date, memberIds: number[]) {
  if (memberIds.length === 0) return;
  await ensureSessions(tx, now, { force: true });
  const [first] = await tx.select({ id: clubs.id }).from(clubs).orderBy(asc(clubs.id)).limit(1);
  const today = vietnamDay(now);
  const sessions = await tx
    .select()
    .from(classSessions)
    .where(
      and(
        eq(classSessions.clubId, first.id),
        gte(classSessions.startsAt, vietnamDayStart(today)),
        lt(classSessions.startsAt, vietnamDayStart(addDays(today, 1))),
      ),
    )
    .orderBy(asc(classSessions.startsAt));
  if (sessions.length === 0) return;
  const [booked] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(classBookings)
    .where(
      inArray(
        classBookings.sessionId,
        sessions.map((s) => s.id),
      ),
    );
  if (booked.n > 0) return;
  for (const [index, session] of sessions.entries()) {
    const count = Math.min(session.capacity - 4, 4 + index * 2);
    const members = Array.from({ length: count }, (_, k) => memberIds[(index * 7 + k) % memberIds.length]);
    const unique = [...new Set(members)];
    await tx.insert(classBookings).values(
      unique.map((accountId, k) => ({
        sessionId: session.id,
        accountId,
        status: 'BOOKED' as const,
        createdAt: new Date(session.startsAt.getTime() - 40 * 3_600_000 + k * 600_000),
      })),
    );
    await tx.update(classSessions).set({ bookedCount: unique.length }).where(eq(classSessions.id, session.id));
  }
}
