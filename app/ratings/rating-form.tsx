import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '#app/ui/hooks.ts';
import { CommentField, Stars, useFieldErrors } from '#app/feedback/feedback-ui.tsx';

export type RatingFormTexts = { send: string; dismiss: string; comment: string };
type FormLike = ComponentType<{
  method: 'post';
  action: string;
  className: string;
  noValidate: boolean;
  onChange: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}>;

/**
 * Stars, a comment with its counter, Send and Not now: the page's plain form and the dialog's
 * fetcher form (POST /rating). Send stays disabled until a star is chosen once JavaScript runs;
 * without it the server says "Required field" (§5).
 */
export function RatingForm({
  as: FormTag,
  ratingId,
  returnTo,
  texts,
  typed,
  errors: reply,
  busy,
}: {
  as: FormLike;
  ratingId: number;
  returnTo: string;
  texts: RatingFormTexts;
  typed?: { rate: string; comment: string };
  errors?: Record<string, string>;
  busy?: boolean;
}) {
  const hydrated = useHydrated();
  const [rate, setRate] = useState(typed?.rate ?? '');
  const { errors, onChange } = useFieldErrors(reply);
  return (
    <FormTag method="post" action="/rating" className="rating-form" noValidate onChange={onChange}>
      <input type="hidden" name="ratingId" value={ratingId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Stars id={`rating-${String(ratingId)}-rate`} value={rate} onChange={setRate} error={errors.rate} />
      <CommentField
        id={`rating-${String(ratingId)}-comment`}
        label={texts.comment}
        defaultValue={typed?.comment}
        error={errors.comment}
      />
      <div className="rating-actions">
        <button type="submit" name="intent" value="dismiss" className="button button-secondary" disabled={busy}>
          {texts.dismiss}
        </button>
        <button
          type="submit"
          name="intent"
          value="rate"
          className="button button-primary"
          disabled={busy || (hydrated && rate === '')}
        >
          {texts.send}
        </button>
      </div>
    </FormTag>
  );
}
