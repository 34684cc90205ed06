import type { ClubBusyness } from '#api/clubs.ts';
import { useT } from '#app/i18n.ts';

// Issue 11 §3: how busy a club is now (a word), and usually today (a small bar chart drawn in
// HTML and CSS on the server: no chart library). The hours a gym is open: 5:00 to 23:00.
const FIRST_HOUR = 5;
const LAST_HOUR = 22;

/** "Quiet now" / "Moderate now" / "Busy now", with a coloured dot. */
export function BusynessBadge({ busyness }: { busyness: ClubBusyness }) {
  const { t } = useT();
  return <span className={`busyness busyness-${busyness.level}`}>{t(`busyness.${busyness.level}`)}</span>;
}

/** About how many are training (check-ins of the last 90 minutes); none is said as none, not "about 0" (issue 37 §12). */
export function InsideNow({ busyness }: { busyness: ClubBusyness }) {
  const { t } = useT();
  return (
    <span className="muted small">
      {busyness.insideNow === 0 ? t('busyness.insideNone') : t('busyness.inside', { count: busyness.insideNow })}
    </span>
  );
}

/** The word, the members inside, and the usual visits per hour of this weekday. */
export function BusynessPanel({ busyness }: { busyness: ClubBusyness }) {
  const { t } = useT();
  const hours = busyness.usualByHour.slice(FIRST_HOUR, LAST_HOUR + 1);
  const max = Math.max(1, ...hours);
  return (
    <section className="busyness-panel" aria-labelledby="busyness-title">
      <p className="busyness-now">
        <BusynessBadge busyness={busyness} />
        <InsideNow busyness={busyness} />
      </p>
      <h2 id="busyness-title" className="section-title">
        {t('busyness.chartTitle')}
      </h2>
      {/* SVG, not styled boxes: bar heights are attributes, which the page's CSP allows (no inline styles). */}
      <svg
        className="busyness-chart"
        viewBox={`0 0 ${String(hours.length * 10)} 60`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('busyness.chartLabel')}
      >
        {hours.map((value, i) => {
          const hour = FIRST_HOUR + i;
          const height = Math.max(1, Math.round((value / max) * 58));
          return (
            <rect
              key={hour}
              x={i * 10 + 1}
              y={60 - height}
              width={8}
              height={height}
              rx={1.5}
              className={hour === busyness.hour ? 'busyness-bar-now' : 'busyness-bar'}
            />
          );
        })}
      </svg>
      <div className="busyness-axis" aria-hidden="true">
        <span>{FIRST_HOUR}h</span>
        <span>12h</span>
        <span>18h</span>
        <span>{LAST_HOUR + 1}h</span>
      </div>
    </section>
  );
}
