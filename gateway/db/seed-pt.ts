import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from './client.ts';
import { accounts, cities, clubs, mediaFiles, ptPackages, ptTrainers, ptWorkingHours } from './schema/index.ts';

// Issue 13 §1 (ADR 044): three personal trainers at each demo club, with drawn avatars (no photos
// of real people), their weekly hours, and the club's PT packages.

export const TRAINERS_PER_CLUB = 3;

export const TRAINER_NAMES = [
  'Nguyễn Hoàng Nam',
  'Trần Bảo Ngọc',
  'Lê Đức Mạnh',
  'Phạm Thùy Dung',
  'Hoàng Văn Tiến',
  'Võ Minh Thư',
  'Đặng Quang Vinh',
  'Bùi Thị Hồng Nhung',
  'Đỗ Tuấn Kiệt',
  'Phan Ngọc Hân',
  'Huỳnh Tấn Phát',
  'Vũ Thanh Hương',
  'Ngô Đình Long',
  'Dương Mỹ Duyên',
  'Lý Hoàng Phúc',
  'Tạ Kim Oanh',
  'Mai Anh Tuấn',
  'Trịnh Khánh Vân',
  'Châu Gia Bảo',
  'Lâm Thị Thu Trang',
  'Hồ Quốc Thịnh',
  'Cao Ngọc Mai',
  'Kiều Minh Hiếu',
  'Tôn Nữ Bích Ngân',
  'La Văn Khải',
  'Quách Thảo My',
  'Triệu Hữu Lộc',
];

/** 0100 002 000 onwards: demo trainers, apart from the instructors (0100 001 …) and test phones. */
export const trainerPhone = (n: number) => `010000${String(2000 + n)}`;

type Profile = Omit<typeof ptTrainers.$inferInsert, 'accountId' | 'coachingSince'>;

const PROFILES: Profile[] = [
  {
    bioVi:
      'Chuyên giảm mỡ và xây dựng thói quen tập luyện cho người mới bắt đầu. Mỗi buổi tập đều có mục tiêu rõ ràng và được ghi lại tiến độ.',
    bioEn:
      'Fat loss and training habits for beginners. Every session has a clear goal and the progress is written down.',
    specialitiesVi: ['Giảm mỡ', 'Người mới bắt đầu', 'Dinh dưỡng cơ bản'],
    specialitiesEn: ['Fat loss', 'Beginners', 'Basic nutrition'],
    certificates: ['ACE CPT', 'Precision Nutrition L1'],
    languages: ['vi', 'en'],
  },
  {
    bioVi:
      'Huấn luyện sức mạnh và tăng cơ với kỹ thuật chuẩn: squat, deadlift, bench press. Từng thi đấu powerlifting cấp thành phố.',
    bioEn:
      'Strength and muscle gain with sound technique: squat, deadlift, bench press. A former city-level powerlifter.',
    specialitiesVi: ['Tăng cơ', 'Sức mạnh', 'Powerlifting'],
    specialitiesEn: ['Muscle gain', 'Strength', 'Powerlifting'],
    certificates: ['NSCA CSCS'],
    languages: ['vi'],
  },
  {
    bioVi:
      'Phục hồi chức năng sau chấn thương nhẹ, cải thiện tư thế và đau lưng do ngồi nhiều. Phối hợp với bác sĩ khi cần.',
    bioEn:
      'Getting back to training after minor injuries, posture and the back pain of long sitting. Works with your doctor when needed.',
    specialitiesVi: ['Tư thế', 'Phục hồi', 'Linh hoạt'],
    specialitiesEn: ['Posture', 'Rehabilitation', 'Mobility'],
    certificates: ['NASM CES', 'NASM CPT'],
    languages: ['vi', 'en'],
  },
  {
    bioVi:
      'Tập cho phụ nữ: săn chắc, vòng eo, tập an toàn trước và sau sinh. Lịch tập linh hoạt theo lịch làm việc của bạn.',
    bioEn:
      'Training for women: toning, the waist, safe training before and after pregnancy. A plan that fits your working week.',
    specialitiesVi: ['Săn chắc', 'Trước và sau sinh', 'Giảm mỡ'],
    specialitiesEn: ['Toning', 'Pre- and postnatal', 'Fat loss'],
    certificates: ['ACE CPT', 'Pre/Postnatal Coaching'],
    languages: ['vi'],
  },
  {
    bioVi:
      'Thể lực chức năng và sức bền cho người chạy bộ, đạp xe, chơi thể thao. Bài tập cường độ cao, ngắn và hiệu quả.',
    bioEn: 'Functional fitness and endurance for runners, cyclists and players. Short, hard, effective sessions.',
    specialitiesVi: ['Thể lực chức năng', 'Sức bền', 'HIIT'],
    specialitiesEn: ['Functional fitness', 'Endurance', 'HIIT'],
    certificates: ['ISSA CPT', 'CrossFit L2'],
    languages: ['vi', 'en'],
  },
  {
    bioVi:
      'Tập cho người trung niên và cao tuổi: thăng bằng, sức mạnh nhẹ, xương khớp khỏe. Nhẹ nhàng, kiên nhẫn, đúng kỹ thuật.',
    bioEn:
      'Training for middle-aged and older members: balance, gentle strength, healthy joints. Patient and careful about technique.',
    specialitiesVi: ['Người cao tuổi', 'Thăng bằng', 'Xương khớp'],
    specialitiesEn: ['Older adults', 'Balance', 'Joint health'],
    certificates: ['ACSM EP-C'],
    languages: ['vi'],
  },
];

/** Three shifts a week (weekday 1 Monday … 7 Sunday; minutes after 00:00); a break is the gap in a day. */
const SHIFTS: { weekday: number; startMinute: number; endMinute: number }[][] = [
  // Mornings and early evenings, Monday to Saturday.
  [1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, startMinute: 6 * 60, endMinute: 11 * 60 },
    { weekday, startMinute: 16 * 60, endMinute: 19 * 60 },
  ]),
  // Afternoons and evenings, Tuesday to Sunday.
  [2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 13 * 60, endMinute: 21 * 60 + 30 })),
  // Split days, Monday to Friday, and Sunday mornings.
  [
    ...[1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, startMinute: 7 * 60, endMinute: 12 * 60 },
      { weekday, startMinute: 17 * 60 + 30, endMinute: 21 * 60 },
    ]),
    { weekday: 7, startMinute: 7 * 60, endMinute: 11 * 60 },
  ],
];

/** The packages of a club: sessions / validity days, and a price a session that falls as the package grows (VND). */
const PACKAGES = [
  {
    nameVi: 'Gói trải nghiệm 4 buổi',
    nameEn: 'Starter, 4 sessions',
    sessions: 4,
    validityDays: 30,
    perSession: 450_000,
    isSilver: true,
  },
  {
    nameVi: 'Gói 10 buổi',
    nameEn: '10 sessions',
    sessions: 10,
    validityDays: 60,
    perSession: 400_000,
    isSilver: false,
  },
  {
    nameVi: 'Gói 24 buổi',
    nameEn: '24 sessions',
    sessions: 24,
    validityDays: 120,
    perSession: 360_000,
    isSilver: false,
  },
  {
    nameVi: 'Gói 48 buổi',
    nameEn: '48 sessions',
    sessions: 48,
    validityDays: 240,
    perSession: 320_000,
    isSilver: false,
  },
];
/** Da Nang's clubs charge less a session than Ho Chi Minh City's and Hanoi's. */
const CITY_PRICE_FACTOR: Record<string, number> = { 'da-nang': 0.85 };

// Drawn avatars: a head, hair and shoulders in flat colours, a few looks shared by the trainers.
const SKIN = ['#f1c7a5', '#e0ac83', '#c98e62'];
const HAIR = ['#2b1d16', '#3b2a20', '#1c1c1c'];
const SHIRT = ['#1f7a5c', '#3557a8', '#b5452f', '#6b4aa0', '#c27c0e', '#2f6f86'];
const BACKGROUND = ['#dff3ea', '#e3e9f8', '#f8e4de', '#ece5f6', '#f7eedb', '#ddeef3'];

function avatarSvg(look: number) {
  const skin = SKIN[look % SKIN.length];
  const hair = HAIR[look % HAIR.length];
  const long = look % 2 === 1;
  const hairShape = long
    ? `<path d="M78 118c0-40 22-62 50-62s50 22 50 62v62h-22v-66c-10 8-46 8-56 0v66H78z" fill="${hair}"/>`
    : `<path d="M84 112c0-34 18-52 44-52s44 18 44 52c-14-12-30-18-44-18s-30 6-44 18z" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="${BACKGROUND[look % BACKGROUND.length]}"/>
<path d="M40 256c0-52 38-84 88-84s88 32 88 84z" fill="${SHIRT[look % SHIRT.length]}"/>
<rect x="112" y="150" width="32" height="32" rx="10" fill="${skin}"/>
<ellipse cx="128" cy="122" rx="42" ry="48" fill="${skin}"/>
${hairShape}
<circle cx="112" cy="124" r="4" fill="#2b1d16"/><circle cx="144" cy="124" r="4" fill="#2b1d16"/>
<path d="M114 146q14 10 28 0" stroke="#8a4b3a" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
}

const AVATAR_LOOKS = 6;

/** Once per club: a club that has trainers keeps them as staff changed them. */
export async function seedTrainers(tx: Executor, now: Date) {
  const clubList = await tx
    .select({ id: clubs.id, citySlug: cities.slug })
    .from(clubs)
    .innerJoin(cities, eq(cities.id, clubs.cityId))
    .orderBy(asc(clubs.id));
  let avatars: Buffer[] | undefined;
  for (const [clubIndex, club] of clubList.entries()) {
    const [existing] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ptPackages)
      .where(eq(ptPackages.clubId, club.id));
    if (existing.n > 0) continue;
    const factor = CITY_PRICE_FACTOR[club.citySlug] ?? 1;
    await tx.insert(ptPackages).values(
      PACKAGES.map(({ perSession, ...p }, sortOrder) => ({
        ...p,
        clubId: club.id,
        sortOrder,
        price: Math.round((p.sessions * perSession * factor) / 10_000) * 10_000,
      })),
    );
    avatars ??= await Promise.all(
      Array.from({ length: AVATAR_LOOKS }, (_, look) =>
        sharp(Buffer.from(avatarSvg(look)))
          .webp({ quality: 80 })
          .toBuffer(),
      ),
    );
    for (let i = 0; i < TRAINERS_PER_CLUB; i++) {
      const n = clubIndex * TRAINERS_PER_CLUB + i;
      const phoneNumber = trainerPhone(n);
      const [inserted] = await tx
        .insert(accounts)
        .values({ phoneNumber, accountType: 'PT', fullName: TRAINER_NAMES[n % TRAINER_NAMES.length], clubId: club.id })
        .onConflictDoNothing({ target: accounts.phoneNumber })
        .returning({ id: accounts.id });
      if (!inserted) continue;
      const avatarId = randomBytes(16).toString('hex');
      await tx.insert(mediaFiles).values({
        id: avatarId,
        ownerAccountId: inserted.id,
        kind: 'avatar',
        contentType: 'image/webp',
        bytes: avatars[n % AVATAR_LOOKS],
      });
      await tx.update(accounts).set({ avatarMediaId: avatarId }).where(eq(accounts.id, inserted.id));
      // Ratings as if members had rated a while: 4.3–4.9 from 12–60 ratings.
      const ratingCount = 12 + ((n * 17) % 49);
      const ratingSum = Math.round(ratingCount * (4.3 + ((n * 3) % 7) / 10));
      await tx.insert(ptTrainers).values({
        accountId: inserted.id,
        ...PROFILES[n % PROFILES.length],
        coachingSince: now.getUTCFullYear() - 2 - ((n * 5) % 9),
        ratingCount,
        ratingSum,
      });
      await tx
        .insert(ptWorkingHours)
        .values(
          SHIFTS[i % SHIFTS.length].map((shift) => ({ ...shift, trainerAccountId: inserted.id, clubId: club.id })),
        );
    }
  }
}
