import { EVERKINETIC_CREDIT } from '#api/workout-fields.ts';
import { useT } from '#app/i18n.ts';

/** The workout drawings' licence credit (CC BY-SA 4.0 asks for it where the drawings and texts are shown, and on About). */
export function EverkineticCredit() {
  const { t } = useT();
  return (
    <p className="small muted workout-credit" title={EVERKINETIC_CREDIT}>
      {t('workouts.credit')}
    </p>
  );
}
