import { useEffect } from 'react';
import { Form } from 'react-router';
import { useT } from '#app/i18n.ts';
import type { CardView } from './payment.server.ts';

/** A saved card: masked number, bank and type, the default badge. */
export function SavedCardFace({ card }: { card: CardView }) {
  const { t } = useT();
  return (
    <span className="saved-card-face">
      <span className="saved-card-bank">{card.bankName}</span>
      <span className="saved-card-number mono">{card.number}</span>
      <span className="small muted">
        {t(`cards.type.${card.cardType}`)} · {t('cards.addedOn', { date: card.addedAt })}
      </span>
      {card.isDefault ? <span className="badge">{t('cards.default')}</span> : null}
    </span>
  );
}

/** Set default and delete; delete asks first, in a fold that opens without JavaScript. */
export function CardActions({ card }: { card: CardView }) {
  const { t } = useT();
  return (
    <div className="card-actions">
      {card.isDefault ? null : (
        <Form method="post">
          <input type="hidden" name="cardId" value={card.id} />
          <button type="submit" name="intent" value="default" className="button button-secondary">
            {t('cards.setDefault')}
          </button>
        </Form>
      )}
      <details className="confirm-box">
        <summary className="button button-link danger-text">{t('cards.delete')}</summary>
        <p>{t('cards.deleteQuestion', { number: card.last4 })}</p>
        <Form method="post">
          <input type="hidden" name="cardId" value={card.id} />
          <button
            type="submit"
            name="intent"
            value="delete"
            className="button button-secondary button-block danger-text"
          >
            {t('cards.deleteConfirm')}
          </button>
        </Form>
      </details>
    </div>
  );
}

/** The add-card form posts here; its answer is the VNPAY page to open (a link, a refresh without JavaScript, at once with it). */
export function GoToVnpay({ payUrl }: { payUrl: string }) {
  const { t } = useT();
  useEffect(() => window.location.assign(payUrl), [payUrl]);
  return (
    <div className="notice" role="status">
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${payUrl}`} />
      </noscript>
      <p>{t('cards.toVnpay')}</p>
      <a href={payUrl} className="button button-primary button-block">
        {t('cards.continueVnpay')}
      </a>
    </div>
  );
}

/** The card type VNPAY's token page asks for (§3: 01 domestic, 02 international); saved cards and the subscription's card. */
export function CardTypeChoice() {
  const { t } = useT();
  return (
    <fieldset className="field">
      <legend className="label">{t('cards.typeLegend')}</legend>
      <label className="check method-choice">
        <input type="radio" name="cardType" value="01" defaultChecked />
        <span>{t('cards.type.01')}</span>
      </label>
      <label className="check method-choice">
        <input type="radio" name="cardType" value="02" />
        <span>{t('cards.type.02')}</span>
      </label>
    </fieldset>
  );
}
