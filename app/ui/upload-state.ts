import { useSyncExternalStore } from 'react';

// Where a photo upload is (ADR 066): idle, sending (bytes gone up of the total) or processing (the
// photo is up, the server works on it). Its own module, small and free of the upload itself, because
// two readers need it: the page's progress (upload-progress.tsx) and the shell's slow-network notice
// (service-worker.tsx), which stays quiet while the upload shows its own progress.

export type UploadPhase = 'idle' | 'sending' | 'processing';
export type UploadState = { phase: UploadPhase; loaded: number; total: number };

export const idleUpload: UploadState = { phase: 'idle', loaded: 0, total: 0 };
let state = idleUpload;
const listeners = new Set<() => void>();

export const uploadState = () => state;

export function setUploadState(next: UploadState) {
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the upload is: idle, sending (with bytes), or processing on the server. */
export const useUploadState = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => idleUpload,
  );
