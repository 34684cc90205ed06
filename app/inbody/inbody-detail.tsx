import { Form, Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import { Segments } from './inbody-segments.tsx';
import { ChangeText } from './inbody-ui.tsx';
import type { View } from './inbody.tsx';

// One scan of /inbody's Detail tab, loaded on demand by inbody.tsx (the Summary tab opens first).

export function Detail({ view }: { view: View }) {
  const { t } = useT();
  const detail = view.detail!;
  const at = (record: number, extra = '') => `/inbody?tab=detail&record=${String(record)}${extra}`;
  return (
    <>
      <div className="inbody-browse">
        {detail.olderId ? (
          <Link to={at(detail.olderId)} className="button button-secondary" replace>
            <span aria-hidden="true">‹ </span>
            {t('inbody.older')}
          </Link>
        ) : (
          <span />
        )}
        <span className="small muted">
          {t('inbody.position', { index: detail.position.index, total: detail.position.total })}
        </span>
        {detail.newerId ? (
          <Link to={at(detail.newerId)} className="button button-secondary" replace>
            {t('inbody.newer')}
            <span aria-hidden="true"> ›</span>
          </Link>
        ) : (
          <span />
        )}
      </div>
      <h2 className="section-title">{t('inbody.recordOf', { date: detail.date })}</h2>
      {detail.score !== null ? (
        <p className="inbody-score">
          <span className="muted small">{t('inbody.field.score')}</span>
          <strong>{t('inbody.scoreOf', { score: detail.score })}</strong>
        </p>
      ) : null}

      <h3 className="section-title">{t('inbody.composition')}</h3>
      <p className="small muted">{detail.first ? t('inbody.first') : t('inbody.changeFromPrevious')}</p>
      <ul className="inbody-bars">
        {detail.bars.map((bar) => (
          <li key={bar.metric}>
            <span className="inbody-bar-label">{t(`inbody.field.${bar.metric}`)}</span>
            <span className="inbody-bar-value">
              {bar.text ?? '—'} {bar.text ? t(`inbody.unit.${bar.unit}`) : ''}
            </span>
            <ChangeText change={bar.change} />
          </li>
        ))}
      </ul>

      <h3 className="section-title">{t('inbody.segmentsTitle')}</h3>
      <nav className="segmented tab-links" aria-label={t('inbody.segmentsLabel')}>
        <Link
          to={at(detail.id)}
          className="segment"
          aria-current={detail.part === 'lean' ? 'page' : undefined}
          replace
          preventScrollReset
        >
          {t('inbody.lean')}
        </Link>
        <Link
          to={at(detail.id, '&part=fat')}
          className="segment"
          aria-current={detail.part === 'fat' ? 'page' : undefined}
          replace
          preventScrollReset
        >
          {t('inbody.fat')}
        </Link>
      </nav>
      <Segments
        segments={detail.segments}
        title={`${t('inbody.segmentsTitle')}: ${detail.part === 'fat' ? t('inbody.fat') : t('inbody.lean')}`}
      />

      <div className="stack inbody-record-actions">
        <Link to={at(detail.id, '&edit=1')} className="button button-secondary button-block" replace>
          {t('inbody.correct')}
        </Link>
        {detail.photoUrl ? (
          <a href={`${detail.photoUrl}?download`} className="button button-secondary button-block" download>
            {t('inbody.download')}
          </a>
        ) : (
          <p className="small muted">{t('inbody.noPhoto')}</p>
        )}
        {detail.confirmDelete ? (
          <div className="notice" role="alertdialog" aria-labelledby="inbody-delete-question">
            <p id="inbody-delete-question">{t('inbody.deleteQuestion', { date: detail.date })}</p>
            <Form method="post" className="stack">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={detail.id} />
              <button type="submit" className="button button-secondary button-block danger-text">
                {t('inbody.deleteConfirm')}
              </button>
              <Link to={at(detail.id)} className="button button-link" replace>
                {t('inbody.keep')}
              </Link>
            </Form>
          </div>
        ) : (
          <Link to={at(detail.id, '&delete=1')} className="button button-link danger-text" replace preventScrollReset>
            {t('inbody.delete')}
          </Link>
        )}
      </div>
    </>
  );
}
