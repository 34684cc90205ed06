import { useRouteLoaderData } from 'react-router';

// Issue 39 §5 (ADR 068): a member who turned on the phone's data saver (Chrome sends `Save-Data: on`
// with every request and says `navigator.connection.saveData`) gets no speculative downloads: no
// prefetch of the tabs' pages on a touch, no warming of a lesson's drawings, avatars fetched only
// when scrolled to. What the page needs to show and to work still loads.

/** Whether a request's `Save-Data` header asks to save data ("on", the one value it has). */
export const saveDataRequested = (header: string | null | undefined): boolean => header?.trim().toLowerCase() === 'on';

/** The browser's own data-saver flag (Chromium; absent elsewhere). */
export function browserSavesData(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** The page's answer: the request's header as the root loader read it (the same on the server and in the browser). */
export function useSaveData(): boolean {
  return useRouteLoaderData<{ saveData?: boolean }>('root')?.saveData === true;
}
