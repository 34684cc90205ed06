import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { Codes } from '#api/codes.ts';
import { staffEndpoints as endpoints } from '#api/endpoints/staff.ts';
import { contentPageSlugSchema, contentPageSlugs, type ContentPage } from '#api/content.ts';
import {
  settingsEditorAccountTypes,
  type AppVersionSetting,
  type CouponCampaignSetting,
  type FreezeOptionSetting,
  type PlanSetting,
  type StaffSettings,
} from '#api/staff-settings.ts';
import { validationMessage } from '#api/validation.ts';
import type { Executor } from '#gateway/db/client.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import {
  appSettings,
  clubs,
  contentPages,
  contracts,
  couponCampaigns,
  coupons,
  freezeOptions,
  paymentPlans,
} from '#gateway/db/schema/index.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import { route } from '#gateway/http/route.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';
import { APP_VERSION_SETTING } from '#gateway/modules/general/routes.ts';
import { recordStaffAction } from '#gateway/modules/audit/staff-actions.ts';

// Issue 17 "Settings (GM)" (ADR 052): the chain's settings the GM edits without a release. Each
// write locks its row, compares, and changes and audits only what differs, in one transaction: the
// same value again changes nothing and writes no audit row.

type Row = Record<string, unknown>;

/** JSON with object keys sorted: jsonb gives keys back in its own order, so plain JSON would see a change in none. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The fields of `next` whose value differs from `current` (deep), as the audit's before/after. */
function changedFields<T extends Row>(current: T, next: Partial<T>) {
  const before: Row = {};
  const after: Row = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || canonical(current[key]) === canonical(value)) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return Object.keys(after).length === 0 ? null : { before, after };
}

const fieldError = (c: Context<AppEnv>, field: string, key: string) =>
  new ApiError(400, Codes.VALIDATION, { fieldErrors: { [field]: [validationMessage(key, c.get('lang'))] } });

/** The audit's subject id of rows keyed by text (a setting, a page): 0, the key itself in before/after. */
const TEXT_KEYED_SUBJECT = 0;

async function appVersionOf(db: Executor): Promise<AppVersionSetting | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, APP_VERSION_SETTING));
  return row ? { valueVi: row.valueVi, valueEn: row.valueEn, updatedAt: row.updatedAt.toISOString() } : null;
}

const toPage = (row: typeof contentPages.$inferSelect): ContentPage => ({
  slug: contentPageSlugSchema.parse(row.slug),
  titleVi: row.titleVi,
  titleEn: row.titleEn,
  sections: row.sections,
  updatedAt: row.updatedAt.toISOString(),
});

const toFreezeOption = (row: typeof freezeOptions.$inferSelect): FreezeOptionSetting => ({
  days: row.days,
  price: row.price,
  isActive: row.isActive,
});

const planColumns = {
  id: paymentPlans.id,
  clubId: paymentPlans.clubId,
  type: paymentPlans.type,
  nameVi: paymentPlans.nameVi,
  nameEn: paymentPlans.nameEn,
  durationValue: paymentPlans.durationValue,
  durationUnit: paymentPlans.durationUnit,
  originalPrice: paymentPlans.originalPrice,
  planDiscount: paymentPlans.planDiscount,
  joiningFee: paymentPlans.joiningFee,
  joiningFeeDiscount: paymentPlans.joiningFeeDiscount,
  isActive: paymentPlans.isActive,
};

/** Campaigns (all, or one) newest first, each with its coupons and their uses (contracts not FAIL). */
async function campaignsOf(db: Executor, campaignId?: number): Promise<CouponCampaignSetting[]> {
  const campaignRows = await db
    .select()
    .from(couponCampaigns)
    .where(campaignId === undefined ? undefined : eq(couponCampaigns.id, campaignId))
    .orderBy(desc(couponCampaigns.id));
  if (campaignRows.length === 0) return [];
  const uses = db
    .select({ couponId: contracts.couponId, n: sql<number>`count(*)::int`.as('n') })
    .from(contracts)
    .where(and(sql`${contracts.couponId} is not null`, ne(contracts.paymentState, 'FAIL')))
    .groupBy(contracts.couponId)
    .as('uses');
  const couponRows = await db
    .select({ coupon: coupons, uses: sql<number>`coalesce(${uses.n}, 0)`.mapWith(Number) })
    .from(coupons)
    .leftJoin(uses, eq(uses.couponId, coupons.id))
    .where(
      inArray(
        coupons.campaignId,
        campaignRows.map((c) => c.id),
      ),
    )
    .orderBy(asc(coupons.id));
  return campaignRows.map((campaign) => {
    const own = couponRows.filter((r) => r.coupon.campaignId === campaign.id);
    return {
      ...campaign,
      isActive: own.some((r) => r.coupon.isActive),
      coupons: own.map(({ coupon, uses: n }) => ({
        id: coupon.id,
        code: coupon.code,
        percentOff: coupon.percentOff,
        amountOff: coupon.amountOff,
        maxDiscount: coupon.maxDiscount,
        appliesTo: coupon.appliesTo,
        validFrom: coupon.validFrom.toISOString(),
        validTo: coupon.validTo?.toISOString() ?? null,
        usageLimit: coupon.usageLimit,
        newCustomerOnly: coupon.newCustomerOnly,
        clubIds: coupon.clubIds ?? null,
        planTypes: coupon.planTypes ?? null,
        isActive: coupon.isActive,
        uses: n,
      })),
    };
  });
}

export function settingsRoutes() {
  const app = new Hono<AppEnv>();
  const gmOnly = requireAccount(settingsEditorAccountTypes);

  route(app, endpoints.settings, gmOnly, async (c) => {
    const { db } = c.get('deps');
    const [appVersion, pages, options, plans, campaigns] = await Promise.all([
      appVersionOf(db),
      db.select().from(contentPages),
      db.select().from(freezeOptions).orderBy(asc(freezeOptions.days)),
      db
        .select(planColumns)
        .from(paymentPlans)
        .orderBy(asc(paymentPlans.clubId), asc(paymentPlans.sortOrder), asc(paymentPlans.id)),
      campaignsOf(db),
    ]);
    const order = (slug: string) => (contentPageSlugs as readonly string[]).indexOf(slug);
    const settings: StaffSettings = {
      appVersion,
      contentPages: pages
        .filter((p) => order(p.slug) >= 0)
        .sort((a, b) => order(a.slug) - order(b.slug))
        .map(toPage),
      freezeOptions: options.map(toFreezeOption),
      plans: plans as PlanSetting[],
      couponCampaigns: campaigns,
    };
    return ok(c, settings);
  });

  // The version GET /general/version answers (cached 15 min by browsers and the web server).
  route(app, endpoints.appVersion, gmOnly, async (c) => {
    const { db, clock } = c.get('deps');
    const body = c.req.valid('json');
    const actor = c.get('account').id;
    await db.transaction(async (tx) => {
      const now = clock.now();
      const [current] = await tx
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, APP_VERSION_SETTING))
        .for('update');
      const change = changedFields<Row>(
        current ? { valueVi: current.valueVi, valueEn: current.valueEn } : { valueVi: null, valueEn: null },
        body,
      );
      if (!change) return;
      await tx
        .insert(appSettings)
        .values({ key: APP_VERSION_SETTING, ...body, updatedAt: now })
        .onConflictDoUpdate({ target: appSettings.key, set: { ...body, updatedAt: now } });
      await recordStaffAction(tx, {
        actorAccountId: actor,
        action: 'settings.app-version',
        subjectType: 'app-setting',
        subjectId: TEXT_KEYED_SUBJECT,
        clubId: null,
        before: { key: APP_VERSION_SETTING, ...change.before },
        after: { key: APP_VERSION_SETTING, ...change.after },
        at: now,
      });
    });
    return ok(c, await appVersionOf(db));
  });

  route(app, endpoints.contentPage, gmOnly, async (c) => {
    const slug = contentPageSlugSchema.safeParse(c.req.param('slug'));
    if (!slug.success) throw notFound();
    const { db, clock } = c.get('deps');
    const body = c.req.valid('json');
    const actor = c.get('account').id;
    await db.transaction(async (tx) => {
      const now = clock.now();
      const [current] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug.data)).for('update');
      const change = changedFields<Row>(
        current ? { titleVi: current.titleVi, titleEn: current.titleEn, sections: current.sections } : {},
        body,
      );
      if (!change) return;
      await tx
        .insert(contentPages)
        .values({ slug: slug.data, ...body, updatedAt: now })
        .onConflictDoUpdate({ target: contentPages.slug, set: { ...body, updatedAt: now } });
      await recordStaffAction(tx, {
        actorAccountId: actor,
        action: 'content-page.update',
        subjectType: 'content-page',
        subjectId: TEXT_KEYED_SUBJECT,
        clubId: null,
        before: { slug: slug.data, ...change.before },
        after: { slug: slug.data, ...change.after },
        at: now,
      });
    });
    const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug.data));
    return ok(c, toPage(row));
  });

  // A duration's price or whether it is offered; durations themselves are the seed's (the table's key).
  route(app, endpoints.freezeOption, gmOnly, async (c) => {
    const days = idParam(c, 'days');
    const { db, clock } = c.get('deps');
    const body = c.req.valid('json');
    const actor = c.get('account').id;
    const option = await db.transaction(async (tx) => {
      const now = clock.now();
      const [current] = await tx.select().from(freezeOptions).where(eq(freezeOptions.days, days)).for('update');
      if (!current) throw notFound();
      const change = changedFields<Row>(current, body);
      if (!change) return current;
      const [updated] = await tx
        .update(freezeOptions)
        .set(change.after)
        .where(eq(freezeOptions.days, days))
        .returning();
      await recordStaffAction(tx, {
        actorAccountId: actor,
        action: 'freeze-option.update',
        subjectType: 'freeze-option',
        subjectId: days,
        clubId: null,
        ...change,
        at: now,
      });
      return updated;
    });
    return ok(c, toFreezeOption(option));
  });

  // A plan's prices at its club. Contracts already made keep theirs: they store every amount (ADR 052).
  route(app, endpoints.paymentPlan, gmOnly, async (c) => {
    const id = idParam(c, 'id');
    const { db, clock } = c.get('deps');
    const body = c.req.valid('json');
    const actor = c.get('account').id;
    const plan = await db.transaction(async (tx) => {
      const now = clock.now();
      const [current] = await tx.select(planColumns).from(paymentPlans).where(eq(paymentPlans.id, id)).for('update');
      if (!current) throw notFound();
      const next = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
      // Issue 38 §21: the refusal says why (the discount is above the price), not only "out of range".
      if (next.planDiscount > next.originalPrice) throw fieldError(c, 'planDiscount', 'discountAbovePrice');
      if (next.joiningFeeDiscount > next.joiningFee) throw fieldError(c, 'joiningFeeDiscount', 'discountAbovePrice');
      const change = changedFields<Row>(current, body);
      if (!change) return current;
      const [updated] = await tx
        .update(paymentPlans)
        .set(change.after)
        .where(eq(paymentPlans.id, id))
        .returning(planColumns);
      await recordStaffAction(tx, {
        actorAccountId: actor,
        action: 'payment-plan.update',
        subjectType: 'payment-plan',
        subjectId: id,
        clubId: current.clubId,
        ...change,
        at: now,
      });
      return updated;
    });
    return ok(c, plan as PlanSetting);
  });

  // A campaign and its coupons at once. Codes are unique across campaigns: a double submit meets its
  // own codes and is refused (409), so it cannot make the campaign twice.
  route(app, endpoints.createCoupons, gmOnly, async (c) => {
    const { db, clock } = c.get('deps');
    const body = c.req.valid('json');
    const actor = c.get('account').id;
    const clubIds = [...new Set(body.coupons.flatMap((coupon) => coupon.clubIds ?? []))];
    if (clubIds.length > 0) {
      const known = new Set(
        (await db.select({ id: clubs.id }).from(clubs).where(inArray(clubs.id, clubIds))).map((r) => r.id),
      );
      const index = body.coupons.findIndex((coupon) => coupon.clubIds?.some((clubId) => !known.has(clubId)));
      if (index >= 0) throw fieldError(c, `coupons.${String(index)}.clubIds`, 'invalid');
    }
    const codes = body.coupons.map((coupon) => coupon.code);
    const refuseTakenCode = async () => {
      const [existing] = await db
        .select({ code: coupons.code })
        .from(coupons)
        .where(inArray(coupons.code, codes))
        .orderBy(asc(coupons.code))
        .limit(1);
      if (existing) throw new ApiError(409, Codes.PROMO_CODE_INVALID, { code: existing.code });
    };
    await refuseTakenCode();
    let campaignId: number;
    try {
      campaignId = await db.transaction(async (tx) => {
        const now = clock.now();
        const { coupons: couponBodies, ...campaign } = body;
        const [created] = await tx.insert(couponCampaigns).values(campaign).returning({ id: couponCampaigns.id });
        const rows = couponBodies.map((coupon) => ({
          campaignId: created.id,
          code: coupon.code,
          percentOff: coupon.percentOff ?? null,
          amountOff: coupon.amountOff ?? null,
          maxDiscount: coupon.maxDiscount ?? null,
          appliesTo: coupon.appliesTo,
          validFrom: new Date(coupon.validFrom),
          validTo: coupon.validTo ? new Date(coupon.validTo) : null,
          usageLimit: coupon.usageLimit ?? null,
          newCustomerOnly: coupon.newCustomerOnly,
          clubIds: coupon.clubIds ?? null,
          planTypes: coupon.planTypes ?? null,
          isActive: true,
        }));
        await tx.insert(coupons).values(rows);
        await recordStaffAction(tx, {
          actorAccountId: actor,
          action: 'coupon-campaign.create',
          subjectType: 'coupon-campaign',
          subjectId: created.id,
          clubId: null,
          before: null,
          after: { ...campaign, coupons: rows.map(({ campaignId: _, ...coupon }) => coupon) },
          at: now,
        });
        return created.id;
      });
    } catch (error) {
      // Another GM's campaign took a code between the check and the insert.
      if (isUniqueViolation(error)) await refuseTakenCode();
      throw error;
    }
    return ok(c, (await campaignsOf(db, campaignId))[0]);
  });

  // Ends a campaign: each of its coupons stops applying (contracts that used one keep their price).
  route(app, endpoints.endCoupons, gmOnly, async (c) => {
    const id = idParam(c, 'id');
    const { db, clock } = c.get('deps');
    const actor = c.get('account').id;
    await db.transaction(async (tx) => {
      const [campaign] = await tx
        .select({ id: couponCampaigns.id })
        .from(couponCampaigns)
        .where(eq(couponCampaigns.id, id))
        .for('update');
      if (!campaign) throw notFound();
      const ended = await tx
        .update(coupons)
        .set({ isActive: false })
        .where(and(eq(coupons.campaignId, id), eq(coupons.isActive, true)))
        .returning({ code: coupons.code });
      if (ended.length === 0) return;
      const codes = ended.map((r) => r.code).sort();
      await recordStaffAction(tx, {
        actorAccountId: actor,
        action: 'coupon-campaign.end',
        subjectType: 'coupon-campaign',
        subjectId: id,
        clubId: null,
        before: { activeCodes: codes },
        after: { activeCodes: [] },
        at: clock.now(),
      });
    });
    return ok(c, (await campaignsOf(db, id))[0]);
  });

  return app;
}
