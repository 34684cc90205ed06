import type { CouponTarget, coupons, paymentPlans } from './schema/index.ts';

// Demo plans and coupons of issue 4. Prices are in VND and follow what Vietnamese chains charge
// (a month of a single club ≈ 600–700k, a year of all clubs ≈ 8–10M); Hanoi is a little dearer
// and Da Nang a little cheaper than Ho Chi Minh City.

/** A plan as every club sells it; the club and its city's prices are filled in per club. */
type PlanTemplate = Required<Omit<typeof paymentPlans.$inferInsert, 'id' | 'clubId' | 'isActive' | 'sortOrder'>>;

const JOINING_FEE = 300_000;

const planTemplates: PlanTemplate[] = [
  {
    type: 'BLACK_CARD',
    nameVi: 'Black Card 12 tháng',
    nameEn: 'Black Card 12 months',
    tagVi: 'Phổ biến nhất',
    tagEn: 'Most popular',
    sloganVi: 'Tập ở mọi câu lạc bộ trên toàn quốc',
    sloganEn: 'Train at every club in the country',
    descriptionVi: 'Ra vào không giới hạn tất cả câu lạc bộ, 2 buổi PT miễn phí trong 14 ngày đầu, khăn tập và tủ đồ.',
    descriptionEn: 'Unlimited access to every club, 2 free PT sessions in the first 14 days, towels and a locker.',
    durationValue: 12,
    durationUnit: 'month',
    originalPrice: 9_990_000,
    planDiscount: 1_500_000,
    joiningFee: JOINING_FEE,
    joiningFeeDiscount: 0,
    freePtSessions: 2,
  },
  {
    type: 'CLASSIC',
    nameVi: 'Classic 12 tháng',
    nameEn: 'Classic 12 months',
    tagVi: 'Tiết kiệm nhất',
    tagEn: 'Best value',
    sloganVi: 'Một năm tập luyện tại câu lạc bộ bạn chọn',
    sloganEn: 'A year of training at the club you choose',
    descriptionVi: 'Ra vào không giới hạn tại câu lạc bộ đã chọn, miễn phí phí gia nhập, tủ đồ.',
    descriptionEn: 'Unlimited access to the club you choose, no joining fee, a locker.',
    durationValue: 12,
    durationUnit: 'month',
    originalPrice: 6_490_000,
    planDiscount: 1_000_000,
    joiningFee: JOINING_FEE,
    joiningFeeDiscount: JOINING_FEE,
    freePtSessions: 2,
  },
  {
    type: 'CLASSIC',
    nameVi: 'Classic 3 tháng',
    nameEn: 'Classic 3 months',
    tagVi: null,
    tagEn: null,
    sloganVi: 'Ba tháng để tạo thói quen',
    sloganEn: 'Three months to build the habit',
    descriptionVi: 'Ra vào không giới hạn tại câu lạc bộ đã chọn.',
    descriptionEn: 'Unlimited access to the club you choose.',
    durationValue: 3,
    durationUnit: 'month',
    originalPrice: 1_890_000,
    planDiscount: 200_000,
    joiningFee: JOINING_FEE,
    joiningFeeDiscount: 0,
    freePtSessions: 0,
  },
  {
    type: 'BASIC',
    nameVi: 'Basic 1 tháng',
    nameEn: 'Basic 1 month',
    tagVi: null,
    tagEn: null,
    sloganVi: 'Bắt đầu nhẹ nhàng',
    sloganEn: 'An easy start',
    descriptionVi: 'Ra vào tại câu lạc bộ đã chọn trong 1 tháng.',
    descriptionEn: 'Access to the club you choose for 1 month.',
    durationValue: 1,
    durationUnit: 'month',
    originalPrice: 690_000,
    planDiscount: 0,
    joiningFee: JOINING_FEE,
    joiningFeeDiscount: 0,
    freePtSessions: 0,
  },
  {
    type: 'SUBSCRIPTION',
    nameVi: 'Gói tháng tự động',
    nameEn: 'Monthly subscription',
    tagVi: 'Trả theo tháng',
    tagEn: 'Pay monthly',
    sloganVi: 'Thanh toán từng tháng, hủy trước 4 ngày',
    sloganEn: 'Pay month by month, cancel 4 days ahead',
    descriptionVi: 'Tập tại câu lạc bộ đã chọn, thanh toán hằng tháng bằng thẻ.',
    descriptionEn: 'Train at the club you choose and pay monthly by card.',
    durationValue: 1,
    durationUnit: 'month',
    originalPrice: 599_000,
    planDiscount: 0,
    joiningFee: JOINING_FEE,
    joiningFeeDiscount: 0,
    freePtSessions: 0,
  },
  {
    type: 'BLACK_CARD_SUBSCRIPTION',
    nameVi: 'Black Card theo tháng',
    nameEn: 'Black Card monthly',
    tagVi: 'Mọi câu lạc bộ',
    tagEn: 'All clubs',
    sloganVi: 'Mọi câu lạc bộ, thanh toán hằng tháng',
    sloganEn: 'Every club, paid monthly',
    descriptionVi: 'Ra vào mọi câu lạc bộ, thanh toán hằng tháng bằng thẻ.',
    descriptionEn: 'Access to every club, paid monthly by card.',
    durationValue: 1,
    durationUnit: 'month',
    originalPrice: 899_000,
    planDiscount: 0,
    joiningFee: JOINING_FEE,
    joiningFeeDiscount: 0,
    freePtSessions: 0,
  },
  {
    type: 'BASIC',
    nameVi: 'Tập thử 7 ngày',
    nameEn: '7-day trial',
    tagVi: 'Dùng thử',
    tagEn: 'Trial',
    sloganVi: 'Trải nghiệm trước khi quyết định',
    sloganEn: 'Try before you decide',
    descriptionVi: 'Ra vào tại câu lạc bộ đã chọn trong 7 ngày. Không áp dụng mã giới thiệu.',
    descriptionEn: 'Access to the club you choose for 7 days. Referral offers do not apply.',
    durationValue: 7,
    durationUnit: 'day',
    originalPrice: 199_000,
    planDiscount: 0,
    joiningFee: 0,
    joiningFeeDiscount: 0,
    freePtSessions: 0,
  },
];

const cityPriceFactor: Record<string, number> = { 'ho-chi-minh': 1, 'ha-noi': 1.05, 'da-nang': 0.9 };
const round10k = (vnd: number) => Math.round(vnd / 10_000) * 10_000;

/** The plans one club sells, priced for its city. */
export function planRowsForClub(clubId: number, citySlug: string): (typeof paymentPlans.$inferInsert)[] {
  const factor = cityPriceFactor[citySlug] ?? 1;
  return planTemplates.map((t, i) => {
    const scale = (vnd: number) => (factor === 1 ? vnd : round10k(vnd * factor));
    return { ...t, clubId, sortOrder: i, originalPrice: scale(t.originalPrice), planDiscount: scale(t.planDiscount) };
  });
}

/** A club's receiving account for bank QR (fictional numbers at Vietcombank). */
export const clubBankAccount = (clubId: number) => ({
  bankBin: '970436',
  bankAccountNumber: `99880000${String(clubId).padStart(4, '0')}`,
  bankAccountName: 'CONG TY CO PHAN VIETFIT',
});

export type CampaignSeed = { nameVi: string; nameEn: string; descriptionVi: string; descriptionEn: string };
export type CouponSeed = Omit<typeof coupons.$inferInsert, 'campaignId'> & {
  campaign: CampaignSeed;
  appliesTo: CouponTarget;
};

const DAY = 86_400_000;

/** Coupons relative to `now`, so the demo stays valid whenever it is seeded. */
export function couponRows(now: Date): CouponSeed[] {
  const from = new Date(now.getTime() - 30 * DAY);
  const to = new Date(now.getTime() + 120 * DAY);
  return [
    {
      code: 'CHAOBAN10',
      percentOff: 10,
      maxDiscount: 500_000,
      appliesTo: 'membership',
      validFrom: from,
      validTo: to,
      newCustomerOnly: true,
      campaign: {
        nameVi: 'Chào bạn mới',
        nameEn: 'Welcome, newcomer',
        descriptionVi: 'Giảm 10% phí gói tập (tối đa 500.000 ₫) cho hội viên mới.',
        descriptionEn: '10% off the membership fee (up to 500,000 ₫) for new members.',
      },
    },
    {
      code: 'TET2027',
      amountOff: 200_000,
      appliesTo: 'membership',
      validFrom: from,
      validTo: to,
      usageLimit: 500,
      newCustomerOnly: false,
      campaign: {
        nameVi: 'Đón Tết khỏe mạnh',
        nameEn: 'A healthy Tet',
        descriptionVi: 'Giảm 200.000 ₫ phí gói tập, áp dụng cho 500 lượt đầu tiên.',
        descriptionEn: '200,000 ₫ off the membership fee for the first 500 uses.',
      },
    },
    {
      code: 'MIENPHIGIANHAP',
      percentOff: 100,
      appliesTo: 'joining_fee',
      validFrom: from,
      validTo: to,
      newCustomerOnly: true,
      campaign: {
        nameVi: 'Miễn phí gia nhập',
        nameEn: 'No joining fee',
        descriptionVi: 'Miễn 100% phí gia nhập cho hội viên mới.',
        descriptionEn: 'The joining fee waived for new members.',
      },
    },
    {
      code: 'BLACK500',
      amountOff: 500_000,
      appliesTo: 'membership',
      validFrom: from,
      validTo: to,
      newCustomerOnly: false,
      planTypes: ['BLACK_CARD'],
      campaign: {
        nameVi: 'Ưu đãi Black Card',
        nameEn: 'Black Card offer',
        descriptionVi: 'Giảm 500.000 ₫ cho gói Black Card 12 tháng.',
        descriptionEn: '500,000 ₫ off the 12-month Black Card.',
      },
    },
    {
      code: 'HE2026',
      percentOff: 15,
      appliesTo: 'membership',
      validFrom: new Date(now.getTime() - 200 * DAY),
      validTo: new Date(now.getTime() - 60 * DAY),
      newCustomerOnly: false,
      campaign: {
        nameVi: 'Khuyến mãi hè 2026',
        nameEn: 'Summer 2026 offer',
        descriptionVi: 'Giảm 15% phí gói tập (đã kết thúc).',
        descriptionEn: '15% off the membership fee (ended).',
      },
    },
  ];
}

/** Freeze durations and their fees, VND (ADR 036): a week for a trip, a month for an injury, up to a quarter. */
export const freezeOptionRows = [
  { days: 7, price: 100_000 },
  { days: 14, price: 180_000 },
  { days: 30, price: 300_000 },
  { days: 60, price: 500_000 },
  { days: 90, price: 650_000 },
];
