import type { WorkoutEvent } from '#api/workouts.ts';

// Issue 15 (ADR 041): what the player did, kept on the phone until the gateway has it. Each event
// has its own uuid, so sending one twice (a retry after a lost answer, two tabs) counts once.

/** Type only: the browser bundle takes no zod from the contract. */
export type QueuedEvent = WorkoutEvent;

const KEY = 'vietfit.workout.pending';
/** The gateway takes at most this many in one POST (WORKOUT_EVENTS_MAX). */
const BATCH = 200;

export function pendingEvents(): QueuedEvent[] {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as QueuedEvent[]) : [];
  } catch {
    return [];
  }
}

function store(events: QueuedEvent[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(events));
  } catch {
    // Full storage: the event stays in memory for this visit's flush only.
  }
}

export function queueEvent(event: Omit<QueuedEvent, 'id' | 'at'>): QueuedEvent {
  const queued = { ...event, id: crypto.randomUUID(), at: new Date().toISOString() };
  store([...pendingEvents(), queued]);
  return queued;
}

let flushing: Promise<boolean> | null = null;

async function sendPending(): Promise<boolean> {
  try {
    for (;;) {
      const batch = pendingEvents().slice(0, BATCH);
      if (batch.length === 0) return true;
      const response = await fetch('/workout/progress', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // The phone's time of sending: the server corrects the events' times by the phone's clock error.
        body: JSON.stringify({ events: batch, sentAt: new Date().toISOString() }),
        credentials: 'same-origin',
      });
      // 400: an event the gateway will never take (too old, a lesson gone): drop the batch, not the phone's storage forever.
      if (!response.ok && response.status !== 400) return false;
      const sent = new Set(batch.map((e) => e.id));
      store(pendingEvents().filter((e) => !sent.has(e.id)));
    }
  } catch {
    return false;
  }
}

/** Sends what is waiting (oldest first); true when nothing is left. Offline or refused, it keeps them for the next try. One send at a time. */
export function flushEvents(): Promise<boolean> {
  if (flushing) return flushing;
  const run = sendPending();
  flushing = run;
  // Cleared after it settles (not inside it: an empty queue settles before the assignment above).
  void run.finally(() => {
    if (flushing === run) flushing = null;
  });
  return run;
}
