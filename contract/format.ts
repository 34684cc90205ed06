/** §9 date formats in Vietnam's time zone; used by loaders so server and browser print the same text. */
const zone = 'Asia/Ho_Chi_Minh';

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: zone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(value: string | Date) {
  const map: Record<string, string> = {};
  for (const part of dateParts.formatToParts(new Date(value))) map[part.type] = part.value;
  return map;
}

/** DD/MM/YYYY */
export function formatDate(value: string | Date) {
  const p = parts(value);
  return `${p.day}/${p.month}/${p.year}`;
}

/** DD/MM/YYYY HH:mm */
export function formatDateTime(value: string | Date) {
  const p = parts(value);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** HH:mm */
export function formatTime(value: string | Date) {
  const p = parts(value);
  return `${p.hour}:${p.minute}`;
}

/** DD/MM/YYYY HH:mm:ss */
export function formatDateTimeSeconds(value: string | Date) {
  const p = parts(value);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

const vndGroups = { vi: '.', en: ',' } as const;

/**
 * §9 money: integer VND with the dong sign, "1.890.000 ₫" (vi) or "1,890,000 ₫" (en). A no-break
 * space keeps the sign on the number's line. Hand-made so server and browser print the same text.
 */
/**
 * The largest amount of whole VND the gateway takes anywhere (a transfer, cash counted): what both
 * a bigint money column and a JavaScript number hold exactly, 9,007,199,254,740,991 ₫, far above
 * any real payment. Money columns are bigint (issue 37 item 19: integer stopped at 2,147,483,647 ₫).
 */
export const MAX_VND = Number.MAX_SAFE_INTEGER;

export function formatVnd(amount: number, lang: 'vi' | 'en') {
  const digits = String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, vndGroups[lang === 'en' ? 'en' : 'vi']);
  return `${amount < 0 ? '−' : ''}${digits}\u00a0₫`;
}

/** A plan's length as members read it: "12 tháng", "1 month", "7 days" (one text everywhere, issue 10 §17). */
export function durationText({ value, unit }: { value: number; unit: 'month' | 'day' }, lang: 'vi' | 'en') {
  if (lang === 'vi') return `${value} ${unit === 'month' ? 'tháng' : 'ngày'}`;
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}
