import { data, redirect } from 'react-router';
import { Codes, messageForCode } from '#api/codes.ts';
import { ratingUpdateBody } from '#api/feedback.ts';
import { snoozeRatingPrompt } from './rating-prompt.server.ts';
import { readForm } from '#app/server/form.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { gatewayFieldErrors, issuesByField } from '#app/feedback/form-errors.server.ts';
import { feedbackEndpoints } from '#api/endpoints/feedback.ts';

type Args = Parameters<typeof gatewayClient>[0];

/** Only a path of this app: no scheme, no `//host`, no backslash (open-redirect advisories). */
export const safeReturnTo = (value: string) =>
  /^\/(?![/\\])[^\\\s]*$/.test(value) && value.length < 500 ? value : '/home';

export type RatingActionData = {
  ratingId: string;
  rate: string;
  comment: string;
  returnTo: string;
  fieldErrors: Record<string, string>;
  formError: string | null;
};

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 5_000) : '';
};

/**
 * The prompt's form, with and without JavaScript (POST /rating): Send rates (stars required,
 * comment ≤ 1000), Dismiss ignores; either toasts and goes back to the page it came from, whose
 * shell then brings the next pending request (or none). A dismiss keeps prompts away for the visit.
 */
export async function ratingAction(args: Args) {
  const lang = getLang(args.context);
  const session = getSession(args.context);
  const form = await readForm(args.request);
  const ratingId = field(form, 'ratingId');
  const back = safeReturnTo(field(form, 'returnTo'));
  // A refusal renders /rating again without its query: the way back travels with the answer.
  const typed = { ratingId, rate: field(form, 'rate'), comment: field(form, 'comment'), returnTo: back };
  if (!/^\d{1,9}$/.test(ratingId)) throw data(null, { status: 400 });
  const refuse = (fieldErrors: Record<string, string>, formError: string | null = null) =>
    data<RatingActionData>({ ...typed, fieldErrors, formError }, { status: 400 });
  const call = gatewayClient(args);
  try {
    if (field(form, 'intent') === 'dismiss') {
      await call(feedbackEndpoints.ignoreRating, { params: { id: ratingId } });
      snoozeRatingPrompt(session);
      flashToast(session, { kind: 'success', text: getT(args.context)('feedback.rating.dismissed') });
      return redirect(back);
    }
    const parsed = ratingUpdateBody.safeParse({ rate: typed.rate, comment: typed.comment });
    if (!parsed.success) return refuse(issuesByField(parsed.error, lang));
    await call(feedbackEndpoints.rate, { params: { ratingId }, json: parsed.data });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // Already answered elsewhere (another tab): nothing is left to do here; say so and move on.
    if (error.code === Codes.ALREADY_RATED || error.code === Codes.CANNOT_RATE || error.status === 404) {
      flashToast(session, { kind: 'error', text: error.text });
      return redirect(back);
    }
    const byField = gatewayFieldErrors(error.fieldErrors);
    return byField ? refuse(byField) : refuse({}, error.text);
  }
  flashToast(session, { kind: 'success', text: messageForCode(Codes.RATING_SUBMITTED, lang) });
  return redirect(back);
}
