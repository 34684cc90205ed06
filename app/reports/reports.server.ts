import QRCode from 'qrcode';
import { data, redirect } from 'react-router';
import { generalEndpoints } from '#api/endpoints/general.ts';
import { Codes, messageForCode } from '#api/codes.ts';
import {
  HONEYPOT_FIELD,
  isFeedbackType,
  publicReportFields,
  REPORT_PHOTO_FIELD,
  type FeedbackType,
} from '#api/feedback.ts';
import { pick } from '#app/account/account.server.ts';
import { loadMessages } from '#app/locales/messages.ts';
import { translate } from '#app/i18n.ts';
import { webConfig } from '#app/server/config.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { readBoundedForm } from '#app/server/upload.server.ts';
import { gatewayFieldErrors, issuesByField } from '#app/feedback/form-errors.server.ts';
import type { ReportClub } from '#app/feedback/feedback.server.ts';
import { feedbackEndpoints } from '#api/endpoints/feedback.ts';

type Args = Parameters<typeof gatewayClient>[0];

/** ?club=12 → 12; anything else → null (the page then asks which club). */
export const clubParam = (url: URL) => {
  const value = url.searchParams.get('club') ?? '';
  return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
};

/** The club of the poster, or null when the id names no open club (the page lists the clubs instead). */
export async function loadReportClub(args: Args, clubId: number | null): Promise<ReportClub | null> {
  if (clubId === null) return null;
  const lang = getLang(args.context);
  try {
    const { data: club } = await gatewayClient(args)(generalEndpoints.club, { params: { clubId } });
    return club.isActive ? { id: club.id, name: pick(lang, club.nameVi, club.nameEn), address: club.address } : null;
  } catch (error) {
    if (error instanceof GatewayError && error.status === 404) return null;
    throw error;
  }
}

export type ReportTyped = { rate: string; comment: string; phoneNumber: string };
export type ReportActionData = { typed: ReportTyped; fieldErrors: Record<string, string>; formError: string | null };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 5_000) : '';
};

/**
 * The report form (multipart): §5's rules here first (their exact messages, what was typed kept),
 * then the gateway, which checks them again, counts the limits and re-encodes the photo. Success
 * is a redirect to the thank-you page (PRG), so a reload sends nothing twice.
 */
export async function reportAction(args: Args, reportType: FeedbackType) {
  const lang = getLang(args.context);
  const { formData, tooLarge } = await readBoundedForm(args.request);
  const clubId = text(formData, 'clubId');
  const typed: ReportTyped = {
    rate: text(formData, 'rate'),
    comment: text(formData, 'comment'),
    phoneNumber: text(formData, 'phoneNumber'),
  };
  const refuse = (fieldErrors: Record<string, string>, formError: string | null = null) =>
    data<ReportActionData>({ typed, fieldErrors, formError }, { status: 400 });
  const fields = { clubId, type: reportType, ...typed, [HONEYPOT_FIELD]: text(formData, HONEYPOT_FIELD) };
  const parsed = publicReportFields.safeParse(fields);
  const fieldErrors = parsed.success ? {} : issuesByField(parsed.error, lang);
  if (tooLarge) fieldErrors[REPORT_PHOTO_FIELD] = messageForCode(Codes.FILE_TOO_LARGE, lang);
  if (Object.keys(fieldErrors).length) return refuse(fieldErrors);

  const upload = new FormData();
  for (const [name, value] of Object.entries(fields)) upload.set(name, value);
  const photo = formData.get(REPORT_PHOTO_FIELD);
  if (photo instanceof File && photo.size > 0) upload.set(REPORT_PHOTO_FIELD, photo, photo.name || 'photo');
  try {
    await gatewayClient(args)(feedbackEndpoints.customerReport, { form: upload });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const byField = gatewayFieldErrors(error.fieldErrors);
    if (byField) return refuse(byField);
    if (error.code === Codes.FILE_TOO_LARGE || error.code === Codes.NOT_AN_IMAGE)
      return refuse({ [REPORT_PHOTO_FIELD]: error.text });
    return refuse({}, error.text);
  }
  return redirect(`/public/customer-report?club=${clubId}&sent=1`);
}

/** The {reportType} of the path, or a 404 page. */
export function reportTypeOf(value: string | undefined): FeedbackType {
  if (!value || !isFeedbackType(value)) throw data(null, { status: 404 });
  return value;
}

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/**
 * The club's printable A4 poster (SVG, mm units): the QR of its report page and what to do, in
 * Vietnamese with the English beneath. Public, like the page it points to: it says only the club's name.
 */
export async function posterSvg(args: Args): Promise<Response> {
  const club = await loadReportClub(args, clubParam(new URL(args.request.url)));
  if (!club) throw data(null, { status: 404 });
  const target = `${webConfig.publicUrl}/public/customer-report?club=${String(club.id)}`;
  const qr = await QRCode.toString(target, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 0,
    color: { dark: '#000000', light: '#ffffff' },
  });
  const [vi, en] = await Promise.all([loadMessages('vi', ['feedback']), loadMessages('en', ['feedback'])]);
  const inner = qr.replace(
    /^[\s\S]*?<svg[^>]*viewBox="([^"]+)"[^>]*>/,
    '<svg x="45" y="92" width="120" height="120" viewBox="$1">',
  );
  const line = (y: number, size: number, value: string, weight = 400) =>
    `<text x="105" y="${String(y)}" font-size="${String(size)}" font-weight="${String(weight)}" text-anchor="middle">${escapeXml(value)}</text>`;
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297" font-family="'Noto Sans', Arial, sans-serif" fill="#0f172a">
<rect width="210" height="297" fill="#ffffff"/>
<rect x="0" y="0" width="210" height="14" fill="#f97316"/>
${line(40, 11, translate(vi, 'feedback.poster.title'), 700)}
${line(52, 6, translate(en, 'feedback.poster.title'))}
${line(70, 6.5, translate(vi, 'feedback.poster.scan'))}
${line(79, 5, translate(en, 'feedback.poster.scan'))}
${inner}
${line(232, 8, club.name, 700)}
${line(244, 4, target)}
<rect x="0" y="283" width="210" height="14" fill="#f97316"/>
</svg>`;
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'content-disposition': `inline; filename="poster-club-${String(club.id)}.svg"`,
      'cache-control': 'public, max-age=3600',
    },
  });
}
