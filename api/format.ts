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

/** DD/MM/YYYY HH:mm of a Vietnam day 'YYYY-MM-DD' and a minute after its 00:00 (a PT slot, a class start): the date first, as every text says it. */
export function formatDayMinute(day: string, minute: number) {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
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
  const digits = String(Math.abs(Math.round(amount))).replace(
    /\B(?=(\d{3})+(?!\d))/g,
    vndGroups[lang === 'en' ? 'en' : 'vi'],
  );
  return `${amount < 0 ? '−' : ''}${digits}\u00a0₫`;
}

/**
 * A plan's name put after a sentence's own "Gói"/"gói" ("Gói {{plan}} của bạn…"): a name that
 * already begins with the word drops it, so "Gói tháng tự động" never reads "Gói Gói tháng tự động".
 */
export const afterPlanWord = (name: string) => name.replace(/^gói\s+/iu, '');

/** A text as an SMS carries it: ASCII only (brandname templates are registered unaccented; Unicode SMS cost more and split sooner). */
export const smsAscii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/đ/gu, 'd')
    .replace(/Đ/gu, 'D')
    .replace(/[–—]/gu, '-')
    .replace(/[^\x20-\x7e]/gu, '');

/** Money in an SMS, which stays ASCII (brandname templates, no Unicode SMS): "300.000 VND", "300,000 VND". */
export const smsVnd = (amount: number, lang: 'vi' | 'en') => formatVnd(amount, lang).replace(/\u00a0₫$/u, ' VND');

/** A plan's length as members read it: "12 tháng", "1 month", "7 days" (one text everywhere, issue 10 §17). */
export function durationText({ value, unit }: { value: number; unit: 'month' | 'day' }, lang: 'vi' | 'en') {
  if (lang === 'vi') return `${value} ${unit === 'month' ? 'tháng' : 'ngày'}`;
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}
