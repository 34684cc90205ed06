// The service worker's runtime caches that pages also open (ADR 041): named here, in the shell
// that owns the worker, so the worker imports no domain.

/** The workout drawings a lesson warms and the player shows with no network. */
export const DRAWINGS_CACHE = 'workout-drawings';
