import { useT } from '#app/i18n.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';

/** Staff-written text: blank lines separate paragraphs, single newlines stay as line breaks. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((paragraph, i) => (
          <p key={i} className="prose-p">
            {paragraph.trim()}
          </p>
        ))}
    </>
  );
}

type PageData =
  | { ok: true; value: { title: string; sections: { heading: string; body: string }[] } }
  | { ok: false; message: string; missing: boolean };

/** A staff-edited page: its title and sections, or an honest empty or failed state. */
export function ContentPageView({
  page,
  titleKey,
  self,
  children,
}: {
  page: PageData;
  titleKey: string;
  self: string;
  children?: React.ReactNode;
}) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{page.ok ? page.value.title : t(titleKey)}</h1>
      {children}
      {page.ok ? (
        page.value.sections.length ? (
          page.value.sections.map((section, i) => (
            <section key={i} className="prose">
              {section.heading ? <h2>{section.heading}</h2> : null}
              <RichText text={section.body} />
            </section>
          ))
        ) : (
          <p className="muted">{t('account.emptyContent')}</p>
        )
      ) : page.missing ? (
        <p className="muted">{t('account.emptyContent')}</p>
      ) : (
        <LoadFailed message={page.message} retryTo={self} />
      )}
    </main>
  );
}
