import { afterPlanWord } from '#api/format.ts';
import type { RatingRequest } from '#api/feedback.ts';
import type { Lang } from '#api/codes.ts';
import { pick } from '#app/account/account.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { getSession, type AppSession } from '#app/server/session.server.ts';
import type { gatewayClient } from '#app/server/gateway.server.ts';

// No locale keys in this module: the layout imports it, and the prompt's texts are its own part,
// loaded with its chunk (ADR 030). The prompt's component words the question.

type Args = Parameters<typeof gatewayClient>[0];

/** How long a dismissed prompt stays away: a visit, as analytics count one (30 minutes). */
export const RATING_PROMPT_OFF_MS = 30 * 60_000;

/**
 * Pages the prompt never covers (ADR 039): paying (the membership, a freeze, a saved card, the
 * subscription's card), the check-in code at the door, the plan's purchase step (where the contract
 * is signed), the exercise player, and the rating page itself. Each is a moment with a task in hand
 * or a timer running; a dialog there costs more than it asks.
 */
const PROMPT_FREE_PATHS = [
  /^\/membership\/payment(\/|$)/,
  /^\/membership\/freeze\/payment(\/|$)/,
  /^\/membership\/[^/]+\/plan\//,
  /^\/membership\/subscription\//,
  /^\/account\/information\/payment-method(\/|$)/,
  /^\/home\/check-in(\/|$)/,
  /^\/workout\/.+/,
  /^\/rating$/,
];

export const promptAllowedOn = (path: string) => !PROMPT_FREE_PATHS.some((pattern) => pattern.test(path));

/** What the prompt asks about, in the page's language. */
export type RatingPrompt = { id: number; plan: string; club: string };

export const ratingPromptView = (request: RatingRequest, lang: Lang): RatingPrompt => ({
  id: request.id,
  plan: request.contract ? afterPlanWord(pick(lang, request.contract.planNameVi, request.contract.planNameEn)) : '',
  club: request.contract ? pick(lang, request.contract.clubNameVi, request.contract.clubNameEn) : '',
});

/** A dismiss keeps prompts away for the rest of the visit (the session cookie, so without JavaScript too). */
export const snoozeRatingPrompt = (session: AppSession) =>
  session.set('ratingPromptOffUntil', Date.now() + RATING_PROMPT_OFF_MS);

/** The prompt of this page (the shell's oldest pending request), or null: none pending, a prompt-free page, or dismissed in this visit. */
export function ratingPromptOf(args: Args, pending: RatingRequest | null, path: string): RatingPrompt | null {
  if (!pending || !promptAllowedOn(path)) return null;
  if ((getSession(args.context).get('ratingPromptOffUntil') ?? 0) > Date.now()) return null;
  return ratingPromptView(pending, getLang(args.context));
}
