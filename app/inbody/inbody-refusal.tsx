import { Form, useNavigation } from 'react-router';
import { INBODY_IMAGE_FIELD } from '#api/inbody-fields.ts';
import { useT } from '#app/i18n.ts';
import { Icon } from '#app/ui/icons.tsx';
import type { InbodyActionData } from './inbody.server.ts';

// What a refused sheet photo says on /inbody, loaded on demand by inbody.tsx (issue 18's first-load
// budget, ADR 082): asked for with the confirm dialog when a photo is sent; without JavaScript the
// server renders it in place.

/** The input the "Take it again" label opens (PhotoField's id). */
const PHOTO_INPUT_ID = `inbody-${INBODY_IMAGE_FIELD}`;

/**
 * A photo that could not be read says why, or the hourly limit says how long to wait (ADR 066); both
 * offer to type the values instead, and the unreadable one to take the photo again (the label opens
 * the picker, with or without JavaScript).
 */
export function UploadRefusal({ refusal }: { refusal: InbodyActionData }) {
  const { t } = useT();
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="notice inbody-refusal" role="alert" aria-labelledby="inbody-refusal-title">
      {refusal.unreadable ? (
        <>
          <p id="inbody-refusal-title" className="inbody-refusal-title">
            <Icon name="warning" size={20} />
            {t('inbody.unreadableTitle')}
          </p>
          <p>{t(`inbody.unreadable.${refusal.unreadable}`)}</p>
          <p className="small">{t('inbody.unreadableOffer')}</p>
        </>
      ) : (
        <>
          <p id="inbody-refusal-title" className="inbody-refusal-title">
            <Icon name="clock" size={20} />
            {t('inbody.limitReached', { total: refusal.limit!.sent, count: refusal.limit!.minutes })}
          </p>
          <p className="small">{t('inbody.limitOffer')}</p>
        </>
      )}
      <div className="inbody-refusal-actions">
        {refusal.unreadable ? (
          <label htmlFor={PHOTO_INPUT_ID} className="button button-primary">
            {t('inbody.retake')}
          </label>
        ) : null}
        <Form method="post">
          <button type="submit" name="intent" value="manual" className="button button-secondary" disabled={busy}>
            {t('inbody.typeIn')}
          </button>
        </Form>
      </div>
    </div>
  );
}
