import { z } from 'zod';
import { contentPageSlugs } from '#api/content.ts';
import {
  appVersionBody,
  contentPageBody,
  couponBody,
  couponCampaignBody,
  freezeOptionBody,
  MAX_CAMPAIGN_COUPONS,
  MAX_SECTIONS,
  paymentPlanBody,
} from '#api/staff-settings.ts';
import { typedAmountSchema } from './cash.server.ts';
import { settingsSections } from './settings-place.ts';

// The GM's settings page (issue 17, ADR 052): the forms as the browser posts them, read into the
// contract's bodies. Each field is first read as typed (amounts with dots or spaces, a day from a
// date picker, a ticked box) and checked by the contract's own rule for it, so every field's
// message shows at once; the whole body then goes through the contract's schema for the rules
// across fields (a discount type, the dates' order, one code once).

/** Where on the page: ?section=, the content page (?page=), the club of the plans (?club=), the campaign being ended (?end=). */
export const settingsQuery = z.object({
  section: z.enum(settingsSections).catch('version'),
  page: z.enum(contentPageSlugs).catch('terms-condition'),
  club: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  end: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});
export type SettingsQuery = z.infer<typeof settingsQuery>;

const simpleIntents = [
  'app-version',
  'content-page',
  'add-section',
  'freeze-option',
  'payment-plan',
  'campaign',
  'add-coupon',
  'end-campaign',
] as const;
export type SettingsIntent =
  { kind: (typeof simpleIntents)[number] } | { kind: 'remove-section' | 'remove-coupon'; index: number };

/** The button that sent the form: a save, or a re-render with a row more or less ("remove-section:2"). Anything else: null (400). */
export function parseIntent(value: FormDataEntryValue | null): SettingsIntent | null {
  if (typeof value !== 'string') return null;
  if ((simpleIntents as readonly string[]).includes(value)) return { kind: value as (typeof simpleIntents)[number] };
  const removal = /^(remove-section|remove-coupon):(\d{1,2})$/.exec(value);
  return removal ? { kind: removal[1] as 'remove-section' | 'remove-coupon', index: Number(removal[2]) } : null;
}

/** The id a form names (a freeze's days, a plan, a campaign): a positive database integer, else null (400). */
export const idOf = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

/**
 * `first` reads what was typed, then `rule`, the contract's own rule, checks it. (zod's types want
 * the rule's input to be exactly the first's output; an optional rule takes a plain value too.)
 */
const then = <A extends z.ZodType, B extends z.ZodType>(first: A, rule: B) =>
  first.pipe(rule as unknown as z.ZodType<z.output<B>, z.output<A>>);

/** A ticked box sends "on"; an unticked one sends nothing (false, not "unchanged"). */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on');

/** A percentage as typed: "10", "10 %". */
const typedPercent = z
  .string()
  .transform((typed) => typed.replace(/[\s%]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, 'numberInvalid')
      .transform(Number),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day from a date picker, as the moment it starts or ends in Vietnam; anything else goes on as typed (the contract refuses it). */
const dayStart = z.string({ error: 'required' }).transform((day) => (DAY.test(day) ? `${day}T00:00:00+07:00` : day));
const dayEnd = z.string().transform((day) => (DAY.test(day) ? `${day}T23:59:59+07:00` : day));

export const appVersionForm = appVersionBody;

export const contentPageForm = contentPageBody;

export const freezeOptionForm = then(
  z.object({ price: then(typedAmountSchema, freezeOptionBody.shape.price), isActive: checkbox }),
  freezeOptionBody,
);

const plan = paymentPlanBody.shape;
export const paymentPlanForm = then(
  z.object({
    originalPrice: then(typedAmountSchema, plan.originalPrice),
    planDiscount: then(typedAmountSchema, plan.planDiscount),
    joiningFee: then(typedAmountSchema, plan.joiningFee),
    joiningFeeDiscount: then(typedAmountSchema, plan.joiningFeeDiscount),
    isActive: checkbox,
  }),
  paymentPlanBody,
);

const coupon = couponBody.shape;
const campaign = couponCampaignBody.shape;
const couponRowForm = z.object({
  code: coupon.code,
  percentOff: then(typedPercent.optional(), coupon.percentOff),
  amountOff: then(typedAmountSchema.optional(), coupon.amountOff),
  maxDiscount: then(typedAmountSchema.optional(), coupon.maxDiscount),
  appliesTo: coupon.appliesTo,
  validFrom: then(dayStart, coupon.validFrom),
  validTo: then(dayEnd.optional(), coupon.validTo),
  usageLimit: then(typedAmountSchema.optional(), coupon.usageLimit),
  newCustomerOnly: checkbox,
  // No club ticked: every club.
  clubIds: then(
    z
      .array(z.string())
      .optional()
      .transform((ids) => (ids?.length ? ids.map(Number) : null)),
    coupon.clubIds,
  ),
});

export const couponCampaignForm = then(
  z.object({
    nameVi: campaign.nameVi,
    nameEn: campaign.nameEn,
    descriptionVi: campaign.descriptionVi,
    descriptionEn: campaign.descriptionEn,
    coupons: z.array(couponRowForm).min(1, 'arrayEmpty').max(MAX_CAMPAIGN_COUPONS, 'tooManyItems'),
  }),
  couponCampaignBody,
);

/** How many rows a re-rendered form shows: what was sent, with one more or one fewer, within the contract's bounds. */
export function rowsAfter(payload: Record<string, unknown>, list: 'sections' | 'coupons', change: 1 | 0 | -1) {
  const sent = payload[list];
  const count = Array.isArray(sent) ? sent.length : sent && typeof sent === 'object' ? Object.keys(sent).length : 0;
  const max = list === 'sections' ? MAX_SECTIONS : MAX_CAMPAIGN_COUPONS;
  return Math.min(max, Math.max(1, count + change));
}

/** The payload with one row of a list taken out (a "remove" button: the form re-renders without it, nothing saved yet). */
export function withoutRow(payload: Record<string, unknown>, list: 'sections' | 'coupons', index: number) {
  const sent = payload[list];
  if (!Array.isArray(sent)) return payload;
  return { ...payload, [list]: sent.filter((_, i) => i !== index) };
}

type FlatValue = string | string[];

/**
 * conform's reply keeps what was typed as nested objects ({ sections: [{ headingVi }] }); the page's
 * fields read it by their names ("sections[0].headingVi"). Lists of plain values (ticked boxes)
 * stay lists under their name.
 */
export function flatValues(value: unknown, prefix = ''): Record<string, FlatValue> {
  if (typeof value === 'string') return prefix ? { [prefix]: value } : {};
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) return prefix ? { [prefix]: value as string[] } : {};
    return Object.assign({}, ...value.map((item, i) => flatValues(item, `${prefix}[${String(i)}]`))) as Record<
      string,
      FlatValue
    >;
  }
  if (value && typeof value === 'object') {
    return Object.assign(
      {},
      ...Object.entries(value).map(([key, item]) => flatValues(item, prefix ? `${prefix}.${key}` : key)),
    ) as Record<string, FlatValue>;
  }
  return {};
}

/** A gateway field name ("coupons.0.code") as the form names it ("coupons[0].code"). */
export const formFieldName = (name: string) => name.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/** The gateway's field errors under the form's names. */
export const formFieldErrors = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([name, texts]) => [formFieldName(name), texts]));

/** The row whose code the gateway says is taken (409 data {code}), compared as stored: upper-case. */
export function rowWithCode(payload: Record<string, unknown>, code: unknown) {
  const rows = Array.isArray(payload.coupons) ? (payload.coupons as unknown[]) : [];
  if (typeof code !== 'string') return -1;
  return rows.findIndex(
    (row) =>
      typeof (row as { code?: unknown } | null)?.code === 'string' &&
      (row as { code: string }).code.trim().toUpperCase() === code,
  );
}
