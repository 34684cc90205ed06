import { useT } from '#app/i18n.ts';

/** A gateway read that failed: its message and a way to try again (a plain link, no JavaScript needed). */
export function LoadFailed({ message, retryTo }: { message: string; retryTo: string }) {
  const { t } = useT();
  return (
    <div className="notice notice-error" role="alert">
      <p>{message}</p>
      <a href={retryTo} className="button button-secondary">
        {t('error.retry')}
      </a>
    </div>
  );
}
