import type { ShouldRevalidateFunctionArgs } from 'react-router';

// Issue 39 (ADR 082): after an action React Router reloads the data of every page part on screen
// (root, layout, page: one request) before it shows the action's answer. On weak 3G that is a round
// trip and the page's data, about half a second to a second, spent on nothing when the answer is
// all that changed: an InBody photo's reading, shown in its confirm dialog from the answer itself.
// Such an answer says so with `keepsData: true`; every route that has a loader on those pages asks
// `keepsData` in its shouldRevalidate. Without JavaScript the server renders the page with the
// answer as ever; the next navigation or form reloads as usual.

/** The mark an action's answer carries when nothing the page's loaders read has changed but that answer. */
export type KeepsData = { keepsData: true };

/** True when the action just answered says nothing but its answer changed (no reload of the loaders' data). */
export const keepsData = ({ actionResult }: Pick<ShouldRevalidateFunctionArgs, 'actionResult'>) =>
  typeof actionResult === 'object' && actionResult !== null && (actionResult as Partial<KeepsData>).keepsData === true;
