import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import type { Lang } from '#api/codes.ts';
import { I18nProvider, translate } from '#app/i18n.ts';
import { useMessages } from '#app/locales/messages.ts';
import { useHydrated } from '#app/ui/hooks.ts';
import { RatingForm } from './rating-form.tsx';
import type { RatingPrompt as Prompt } from './rating-prompt.server.ts';
import type { RatingActionData } from './ratings.server.ts';

/**
 * The rating prompt (issue 16 §2, ADR 039), a chunk of its own that a browser fetches only when
 * there is something to rate. Server-rendered as a banner linking to /rating (the plain form that
 * works without JavaScript); with JavaScript the banner opens it as a dialog over the page. It does
 * not open by itself: a modal popping up over a page takes the page from a member in the middle of
 * something (booking a class, freezing, inviting a friend), ADR 039. Send or Not now
 * posts to /rating, which goes back to this page: its new shell brings the next request or none.
 */
export default function RatingPrompt({ prompt, lang }: { prompt: Prompt; lang: Lang }) {
  const strings = useMessages(lang, ['feedback']);
  const t = (key: string, vars?: Record<string, string>) => translate(strings, key, vars);
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher<RatingActionData>();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const returnTo = location.pathname + location.search;

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open, prompt.id]);

  const refused = fetcher.data && fetcher.data.ratingId === String(prompt.id) ? fetcher.data : undefined;
  // Its own provider: the page's strings may lack this part, which came with this chunk.
  return (
    <I18nProvider lang={lang} messages={strings}>
      <p className="rating-banner notice">
        <span>{t('feedback.rating.banner')}</span>{' '}
        <Link
          to={`/rating?returnTo=${encodeURIComponent(returnTo)}`}
          className="link"
          onClick={(event) => {
            // With JavaScript the form opens over the page instead of on its own page.
            event.preventDefault();
            setOpen(true);
          }}
        >
          {t('feedback.rating.bannerLink')}
        </Link>
      </p>
      {hydrated ? (
        <dialog
          ref={dialog}
          className="rating-dialog"
          aria-labelledby="rating-dialog-title"
          onClose={() => setOpen(false)}
        >
          <div className="rating-dialog-head">
            <h2 id="rating-dialog-title">{t('feedback.rating.question', { plan: prompt.plan, club: prompt.club })}</h2>
            <button
              type="button"
              className="rating-dialog-close"
              aria-label={t('feedback.rating.close')}
              onClick={() => dialog.current?.close()}
            >
              ×
            </button>
          </div>
          <RatingForm
            key={prompt.id}
            as={fetcher.Form}
            ratingId={prompt.id}
            returnTo={returnTo}
            texts={{
              send: t('feedback.send'),
              dismiss: t('feedback.rating.dismiss'),
              comment: t('feedback.rating.comment'),
            }}
            typed={refused}
            errors={refused?.fieldErrors}
            busy={fetcher.state !== 'idle'}
          />
          {refused?.formError ? (
            <p className="form-error" role="alert">
              {refused.formError}
            </p>
          ) : null}
        </dialog>
      ) : null}
    </I18nProvider>
  );
}
