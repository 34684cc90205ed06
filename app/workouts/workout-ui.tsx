import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import type { LessonCard } from './workouts.server.ts';

/** A lesson in a list: name, level, length, and what the member has done of it. */
export function LessonRow({ lesson, showSession = false }: { lesson: LessonCard; showSession?: boolean }) {
  const { t } = useT();
  return (
    <li>
      <Link to={lesson.to} className="lesson-row">
        <span className="lesson-row-text">
          {showSession && lesson.session ? (
            <span className="eyebrow">{t('workouts.session', { session: lesson.session })}</span>
          ) : null}
          <span className="lesson-row-name">{lesson.name}</span>
          <span className="small muted">
            {t(`workouts.levels.${lesson.level}`)} · {t('workouts.minutes', { count: lesson.minutes })} ·{' '}
            {t('workouts.exercises', { count: lesson.exerciseCount })}
          </span>
          {lesson.doneNow > 0 ? (
            <span className="small lesson-progress">
              {t('workouts.inProgress', { done: lesson.doneNow, total: lesson.exerciseCount })}
            </span>
          ) : null}
        </span>
        {lesson.timesCompleted > 0 ? (
          <span className="badge badge-verified" title={t('workouts.doneTimes', { count: lesson.timesCompleted })}>
            ✓ {lesson.timesCompleted > 1 ? `×${String(lesson.timesCompleted)}` : t('workouts.done')}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
