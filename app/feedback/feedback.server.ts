import { data, redirect } from 'react-router';
import { Codes, messageForCode } from '#api/codes.ts';
import { memberFeedbackBody } from '#api/feedback.ts';
import { pick } from '#app/account/account.server.ts';
import { readForm } from '#app/server/form.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { gatewayFieldErrors, issuesByField } from './form-errors.server.ts';
import { feedbackEndpoints } from '#api/endpoints/feedback.ts';
import { generalEndpoints } from '#api/endpoints/general.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

type Args = Parameters<typeof gatewayClient>[0];

export type ReportClub = { id: number; name: string; address: string };

/** Every open club, for a visitor who came without ?club (no member data: the public club list): the feedback form's and the public report's. */
export async function loadReportClubs(args: Args): Promise<ReportClub[]> {
  const lang = getLang(args.context);
  const { data: clubs } = await gatewayClient(args)(generalEndpoints.clubs, { query: { isActive: 'true' } });
  return clubs.map((club) => ({ id: club.id, name: pick(lang, club.nameVi, club.nameEn), address: club.address }));
}

export type FeedbackTyped = { clubId: string; type: string; rate: string; comment: string; isAnonymous: boolean };
export type FeedbackActionData = {
  typed: FeedbackTyped;
  fieldErrors: Record<string, string>;
  formError: string | null;
};

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 5_000) : '';
};

/**
 * The club the form starts with (issue 37): the one of the member's current membership (the one that
 * runs longest), else the club of their latest membership to come or waiting for payment; none when
 * they have none or the read fails (the form still works, the member chooses).
 */
export async function memberClubId(args: Args): Promise<number | null> {
  try {
    const { data: home } = await gatewayClient(args)(membershipEndpoints.homePage);
    return (home.current ?? home.currents[0] ?? home.future[0] ?? home.waitingForPayment[0])?.clubId ?? null;
  } catch (error) {
    if (error instanceof GatewayError) return null;
    throw error;
  }
}

/** /support/feedback: §5's rules here (their messages, the typing kept), then the gateway; 1120 is a toast and back to /support (PRG). */
export async function feedbackAction(args: Args) {
  const lang = getLang(args.context);
  const form = await readForm(args.request);
  const typed: FeedbackTyped = {
    clubId: field(form, 'clubId'),
    type: field(form, 'type'),
    rate: field(form, 'rate'),
    comment: field(form, 'comment'),
    isAnonymous: form.get('isAnonymous') === 'on',
  };
  const refuse = (fieldErrors: Record<string, string>, formError: string | null = null) =>
    data<FeedbackActionData>({ typed, fieldErrors, formError }, { status: 400 });
  const parsed = memberFeedbackBody.safeParse(typed);
  if (!parsed.success) return refuse(issuesByField(parsed.error, lang));
  try {
    await gatewayClient(args)(feedbackEndpoints.send, { json: parsed.data });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const byField = gatewayFieldErrors(error.fieldErrors);
    return byField ? refuse(byField) : refuse({}, error.text);
  }
  flashToast(getSession(args.context), { kind: 'success', text: messageForCode(Codes.REPORT_RECORDED, lang) });
  return redirect('/support');
}
