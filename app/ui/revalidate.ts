// Issue 39 (ADR 082): after an action React Router reloads the data of every page part on screen
// (root, layout, page: one request) before it shows the action's answer. On weak 3G that is a round
// trip and the page's data, about half a second to a second, spent on nothing when the answer is
// all that changed: an InBody photo's reading, shown in its confirm dialog from the answer itself.
// Such an answer says so with `keepsData: true`; every route with a loader on those pages (root,
// the member layout, the page) returns false from shouldRevalidate when the answer carries it:
// `(actionResult as Partial<KeepsData> | undefined)?.keepsData === true`. Only this type is shared
// (a module of functions would be one more chunk in every page's first load, issue 18's budget).
// Without JavaScript the server renders the page with the answer as ever; the next navigation or
// form reloads as usual.

/** The mark an action's answer carries when nothing the page's loaders read has changed but that answer. */
export type KeepsData = { keepsData: true };
