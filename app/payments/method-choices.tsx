import { useT } from '#app/i18n.ts';
import { methodKey } from '#app/payments/method.ts';
import type { CardView } from '#app/payments/payment.server.ts';

/**
 * The method radios (bank QR, each saved card, a new card, cash), named `method` as parseMethodChoice
 * reads them. `savedCardOnly`: the saved cards alone (a monthly subscription's first month, ADR 038).
 */
export function MethodChoices({
  cards,
  legendHidden = false,
  checked,
  savedCardOnly = false,
}: {
  cards: CardView[];
  legendHidden?: boolean;
  checked: string | null;
  savedCardOnly?: boolean;
}) {
  const { t } = useT();
  const saved = cards.map((c) => ({
    value: `card-${c.id}`,
    label: t('contract.savedCard', { bank: c.bankName, last4: c.last4 }),
  }));
  const choices = savedCardOnly
    ? saved
    : [
        { value: '1', label: t(methodKey(1)) },
        ...saved,
        { value: '2', label: cards.length ? t('contract.newCard') : t(methodKey(2)) },
        { value: '3', label: t(methodKey(3)) },
      ];
  return (
    <fieldset className="field">
      <legend className={legendHidden ? 'visually-hidden' : 'label'}>{t('contract.methodLegend')}</legend>
      {choices.map((c) => (
        <label key={c.value} className="check method-choice">
          <input type="radio" name="method" value={c.value} required defaultChecked={c.value === checked} />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
