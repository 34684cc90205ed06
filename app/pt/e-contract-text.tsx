import { useT } from '#app/i18n.ts';
import type { EContractView } from './pt.server.ts';

/** The contract's text as it is signed, and its SHA-256 (ADR 047). */
export function EContractText({ contract: c }: { contract: EContractView }) {
  const { t } = useT();
  return (
    <article className="e-contract-text">
      <h1>{c.title}</h1>
      {c.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
      <p className="small muted e-contract-hash">
        {t('pt.eContract.fingerprint')}: <span className="mono">{c.documentSha256}</span>
      </p>
    </article>
  );
}
