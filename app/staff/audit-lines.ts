import type { Lang } from '#api/codes.ts';
import { formatDate, formatDateTime, formatVnd } from '#api/format.ts';
import { hhmm } from '#api/vietnam-time.ts';

// What a manager reads in the audit log (issue 38 §15): each changed field in words, its values as
// the app shows them elsewhere (money in ₫, statuses translated, dates and times in Vietnam time),
// and fields whose value did not change left out.

type T = (key: string, vars?: Record<string, string | number>) => string;
export type AuditLine = { field: string; label: string; before: string; after: string };

/** Fields that hold an amount of VND. */
const MONEY = new Set([
  'amount',
  'price',
  'originalPrice',
  'planDiscount',
  'joiningFee',
  'joiningFeeDiscount',
  'totalPayment',
  'discountValue',
  'maxDiscount',
]);
/** Fields whose value is a state name, translated under staffAudit.status. */
const STATUS = new Set(['status', 'state', 'paymentState', 'attendance']);

/** Fields kept for the machine (a repeat's key, a request's hash): nothing a manager reads. */
const HIDDEN = new Set(['idempotencyKey', 'requestHash']);

/** JSON with object keys sorted, so that a value reordered by the database does not count as changed. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const translated = (t: T, key: string, fallback: string) => {
  const text = t(key);
  return text === key ? fallback : text;
};

export function auditValue(field: string, value: unknown, t: T, lang: Lang): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'staffAudit.yes' : 'staffAudit.no');
  if (typeof value === 'number' && MONEY.has(field)) return formatVnd(value, lang);
  if (typeof value === 'number' && field === 'afterMinute') return hhmm(value);
  if (typeof value === 'string' && STATUS.has(field)) return translated(t, `staffAudit.status.${value}`, value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object'))
    return value.length === 0 ? '—' : value.join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    // A membership as the door saw it: its plan and last day.
    if (typeof o.planNameVi === 'string')
      return [lang === 'en' ? o.planNameEn : o.planNameVi, typeof o.endDate === 'string' ? formatDate(o.endDate) : null]
        .filter(Boolean)
        .join(' · ');
    return Object.entries(o)
      .map(([k, v]) => `${translated(t, `staffAudit.field.${k}`, k)}: ${auditValue(k, v, t, lang)}`)
      .join(', ');
  }
  return String(value);
}

/** The fields a change touched, in words, the unchanged ones left out. */
export function auditLines(before: unknown, after: unknown, t: T, lang: Lang): AuditLine[] {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(from), ...Object.keys(to)])]
    .filter((field) => !HIDDEN.has(field) && canonical(from[field]) !== canonical(to[field]))
    .map((field) => ({
      field,
      label: translated(t, `staffAudit.field.${field}`, field),
      before: auditValue(field, from[field], t, lang),
      after: auditValue(field, to[field], t, lang),
    }));
}
