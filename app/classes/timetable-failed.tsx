import { useT } from '#app/i18n.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';

/** The timetable or a class could not be read: say so, with a way to try again. */
export function TimetableFailed({ message }: { message: string }) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('classes.title')}</h1>
      <LoadFailed message={message} retryTo="/class" />
    </main>
  );
}
