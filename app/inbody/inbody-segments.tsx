import { useT } from '#app/i18n.ts';
import type { InbodyLevel, InbodySegment } from '#api/inbody-fields.ts';
import type { SegmentsView } from './inbody.server.ts';

// The regional analysis of one scan, drawn as SVG by the server like inbody-ui.tsx's charts (ADR
// 043); apart from them because only the Detail tab (inbody-detail.tsx, loaded on demand) shows it.

const LEVEL_CLASS: Record<InbodyLevel, string> = { Normal: 'level-normal', Over: 'level-over', Under: 'level-under' };

/** The body's regions, each coloured by its level (§2 "body silhouette … per region"). */
function Silhouette({ levels, label }: { levels: Record<InbodySegment, InbodyLevel | null>; label: string }) {
  const cls = (segment: InbodySegment) =>
    `silhouette-part ${levels[segment] ? LEVEL_CLASS[levels[segment]] : 'level-none'}`;
  return (
    <svg viewBox="0 0 120 200" className="silhouette" role="img" aria-label={label}>
      <circle cx="60" cy="20" r="14" className="silhouette-head" />
      <rect x="38" y="38" width="44" height="70" rx="10" className={cls('trunk')} />
      {/* The member's right is the picture's left, as on the sheet. */}
      <rect x="18" y="40" width="16" height="66" rx="8" className={cls('rightArm')} />
      <rect x="86" y="40" width="16" height="66" rx="8" className={cls('leftArm')} />
      <rect x="40" y="112" width="18" height="80" rx="8" className={cls('rightLeg')} />
      <rect x="62" y="112" width="18" height="80" rx="8" className={cls('leftLeg')} />
    </svg>
  );
}

/** The regional analysis of one scan: the silhouette and each region's mass, % of normal and level. */
export function Segments({ segments, title }: { segments: SegmentsView; title: string }) {
  const { t } = useT();
  if (!segments.rows) return <p className="muted">{t('inbody.noSegmentalFat')}</p>;
  const levels = Object.fromEntries(segments.rows.map((r) => [r.segment, r.level])) as Record<
    InbodySegment,
    InbodyLevel | null
  >;
  return (
    <div className="segments">
      <Silhouette levels={levels} label={title} />
      <table className="segments-table">
        <caption className="visually-hidden">{title}</caption>
        <tbody>
          {segments.rows.map((row) => (
            <tr key={row.segment}>
              <th scope="row">{t(`inbody.segment.${row.segment}`)}</th>
              <td>{row.mass === null ? '—' : `${row.mass} ${t('inbody.unit.kg')}`}</td>
              <td>{row.percent === null ? '' : `${row.percent} %`}</td>
              <td>
                <span className={`level-badge ${row.level ? LEVEL_CLASS[row.level] : 'level-none'}`}>
                  {row.level ? t(`inbody.level.${row.level}`) : t('inbody.levelUnknown')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
