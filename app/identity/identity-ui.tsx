import { useT } from '#app/i18n.ts';
import type { IdentityRow } from './identity.server.ts';

/** The verified document's lines (the number masked), on the verification and success pages. */
export function IdentityFacts({ rows }: { rows: IdentityRow[] }) {
  const { t } = useT();
  return (
    <dl className="facts">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{t(`account.verification.fields.${row.label}`)}</dt>
          <dd className={row.label === 'number' ? 'mono' : undefined}>
            {row.translated ? t(`account.verification.${row.value}`) : row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
