import type { Toast as ToastData } from '#app/server/session.server.ts';

/** A toast with a success or error icon; CSS hides it after 1500 ms, with or without JavaScript. */
export function Toast({ toast }: { toast: ToastData }) {
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        {toast.kind === 'success' ? (
          <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
        ) : (
          <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z" fill="currentColor" />
        )}
      </svg>
      <span>{toast.text}</span>
    </div>
  );
}
