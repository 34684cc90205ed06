// Issue 39 §5 (ADR 068): a member who turned on the phone's data saver (Chrome sends `Save-Data: on`
// with every request and says `navigator.connection.saveData`) gets no speculative downloads: no
// prefetch of the tabs' pages on a touch, no warming of a lesson's drawings, avatars fetched only
// when scrolled to. What the page needs to show and to work still loads. The root loader puts the
// answer in its data; `useSaveData` (app/ui/hooks.ts) reads it back.

/** Whether a request's `Save-Data` header asks to save data ("on", the one value it has). */
export const saveDataRequested = (header: string | null | undefined): boolean => header?.trim().toLowerCase() === 'on';
