import { Link } from 'react-router';
import { Codes, messageForCode } from '#api/codes.ts';
import { useT } from '#app/i18n.ts';
import { pick, tryLoad } from '#app/account/account.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import type { StringsHandle } from '#app/locales/messages.ts';
import { EverkineticCredit } from '#app/ui/everkinetic-credit.tsx';
import { LessonRow } from './workout-ui.tsx';
import { lessonCard, webDrawingUrl, workoutScreenOf } from './workouts.server.ts';
import { workoutRead } from './workouts.read.server.ts';
import type { Route } from './+types/workout';

// §2 /workout (issue 15): continue where you stopped, the beginner programme, the body-part tiles and
// the member's favourite lessons.

export const handle: StringsHandle = { strings: ['workouts'] };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [workoutRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.workout');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  return tryLoad(async () => {
    const { types, favorites, progress, resumeLesson } = await workoutScreenOf(args, workoutRead);
    const tile = (type: (typeof types)[number]) => ({
      id: type.id,
      to: type.kind === 'PROGRAMME' ? '/workout/newbie' : `/workout/type/${String(type.id)}`,
      name: pick(lang, type.nameVi, type.nameEn),
      description: pick(lang, type.descriptionVi, type.descriptionEn),
      lessonCount: type.lessonCount,
      cover: webDrawingUrl(type.coverUrl),
      weeks: type.weeks,
      sessionsPerWeek: type.sessionsPerWeek,
    });
    const programme = types.find((type) => type.kind === 'PROGRAMME');
    const inProgress = progress.inProgress;
    return {
      // §8 752 is the empty list's text (the gateway answers an empty list with 1000, ADR 041).
      favoritesEmpty: messageForCode(Codes.FAVORITES_EMPTY, lang),
      programme: programme ? tile(programme) : null,
      bodyParts: types.filter((type) => type.kind === 'BODY_PART').map(tile),
      favorites: favorites.map((lesson) => lessonCard(args, lesson, progress)),
      resume: inProgress
        ? {
            to: `/workout/type/${String(inProgress.typeId)}/lesson/${String(inProgress.lessonId)}`,
            name: resumeLesson ? pick(lang, resumeLesson.nameVi, resumeLesson.nameEn) : null,
          }
        : null,
    };
  });
}

export default function WorkoutTab({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  if (!loaderData.ok) {
    return (
      <main className="page">
        <h1>{t('workouts.title')}</h1>
        <LoadFailed message={loaderData.message} retryTo="/workout" />
      </main>
    );
  }
  const { programme, bodyParts, favorites, resume, favoritesEmpty } = loaderData.value;
  return (
    <main className="page workouts">
      <h1>{t('workouts.title')}</h1>
      <p className="muted">{t('workouts.intro')}</p>
      {resume ? (
        <section className="notice resume-card" aria-labelledby="resume-title">
          <h2 id="resume-title" className="section-title">
            {t('workouts.continue')}
          </h2>
          {resume.name ? <p>{t('workouts.continueText', { lesson: resume.name })}</p> : null}
          <Link to={resume.to} className="button button-primary button-block">
            {t('workouts.continueAction')}
          </Link>
        </section>
      ) : null}
      {programme ? (
        <Link to={programme.to} className="programme-card">
          <img src={programme.cover} alt="" width="96" height="100" loading="lazy" />
          <span>
            <span className="eyebrow">{t('workouts.programme')}</span>
            <span className="programme-name">{programme.name}</span>
            {programme.weeks && programme.sessionsPerWeek ? (
              <span className="small muted">
                {t('workouts.programmeLength', { weeks: programme.weeks, sessions: programme.sessionsPerWeek })}
              </span>
            ) : null}
          </span>
        </Link>
      ) : null}
      <section aria-labelledby="body-parts-title">
        <h2 id="body-parts-title" className="section-title">
          {t('workouts.bodyParts')}
        </h2>
        <ul className="body-part-tiles">
          {bodyParts.map((type) => (
            <li key={type.id}>
              <Link to={type.to} className="body-part-tile">
                <img src={type.cover} alt="" width="120" height="126" loading="lazy" />
                <span className="body-part-name">{type.name}</span>
                <span className="small muted">{t('workouts.lessonCount', { count: type.lessonCount })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="favorites-title">
        <h2 id="favorites-title" className="section-title">
          {t('workouts.favorites')}
        </h2>
        {favorites.length ? (
          <ul className="lesson-list">
            {favorites.map((lesson) => (
              <LessonRow key={lesson.id} lesson={lesson} />
            ))}
          </ul>
        ) : (
          <p className="muted">
            {favoritesEmpty} {t('workouts.favoritesHint')}
          </p>
        )}
      </section>
      <EverkineticCredit />
    </main>
  );
}
