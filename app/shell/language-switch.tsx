import { Form, useLocation } from 'react-router';
import { useT } from '#app/i18n.ts';

/** A plain form, so switching works without JavaScript; the server keeps the choice. */
export function LanguageSwitch() {
  const { t, lang } = useT();
  const location = useLocation();
  const next = lang === 'en' ? 'vi' : 'en';
  return (
    <Form method="post" action="/language" className="language-switch">
      <input type="hidden" name="lang" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {/* The accessible name starts with the visible text (WCAG 2.5.3, label in name). */}
      <button
        type="submit"
        className="chip"
        lang={next}
        aria-label={`${next.toUpperCase()} · ${t('language.switchTo')}`}
      >
        {next.toUpperCase()}
      </button>
    </Form>
  );
}
