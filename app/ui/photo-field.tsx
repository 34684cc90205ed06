import { useEffect } from 'react';
import { useSaveData } from '#app/ui/hooks.ts';
import { prepareUpload } from '#app/ui/upload-progress.tsx';

// The shrinking and the upload's XMLHttpRequest half stay out of the page's first load (issue 18's
// budget) but are fetched before the photo is picked (issue 39: on weak 3G, fetched at the pick they
// cost the member about 2 s between the tap and the bar): once the page is idle, or at the latest
// when the member taps (or a label opens) or focuses the input (with the data saver on, only then).
const loadShrink = () => import('#app/ui/shrink-image.ts');
const prepare = () => {
  void prepareUpload().catch(() => undefined);
  void loadShrink().catch(() => undefined);
};

/**
 * A photo to send with a form (the camera or the gallery): the browser shrinks it to a JPEG of at
 * most `maxSide` px before the form posts (shrinkPickedPhoto); without JavaScript the file goes as
 * picked. Its hint and its error are tied to the input for screen readers.
 */
export function PhotoField({
  idPrefix,
  name,
  label,
  hint,
  error,
  maxSide,
  capture,
  onPreparing,
}: {
  idPrefix: string;
  name: string;
  label: string;
  hint: string;
  error?: string;
  maxSide: number;
  /** "environment" opens the back camera at once (an ID card); left out, the phone offers the camera or the gallery. */
  capture?: 'environment';
  /** True while the photo is being shrunk: the form should wait to be sent. */
  onPreparing: (busy: boolean) => void;
}) {
  const id = `${idPrefix}-${name}`;
  const saveData = useSaveData();
  useEffect(() => {
    if (!saveData) (window.requestIdleCallback ?? setTimeout)(prepare); // Safari has no requestIdleCallback
  }, [saveData]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="file"
        accept="image/*"
        capture={capture}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onClick={prepare}
        onFocus={prepare}
        onChange={(event) => {
          onPreparing(true);
          void prepareUpload().catch(() => undefined);
          const input = event.currentTarget;
          void loadShrink()
            .then(({ shrinkPickedPhoto }) => shrinkPickedPhoto(input, maxSide, `${name}.jpg`))
            .catch(() => null)
            .finally(() => onPreparing(false));
        }}
      />
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
