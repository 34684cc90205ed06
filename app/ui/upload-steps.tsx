import { useT } from '#app/i18n.ts';
import { useUploadState } from './upload-state.ts';

/**
 * The two steps of an upload (ADR 066): a bar of how much of the photo has gone up, then
 * `processingLabel` ("Đang đọc phiếu…") with its own moving indicator. Loaded on demand by
 * upload-progress.tsx, which shows it once an upload has started.
 */
export function UploadSteps({ processingLabel }: { processingLabel: string }) {
  const { t } = useT();
  const { phase, loaded, total } = useUploadState();
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  return (
    <ol className="upload-steps" aria-label={t('upload.stepsLabel')}>
      <li className={phase === 'sending' ? 'upload-step current' : 'upload-step done'}>
        <span className="upload-step-text" role="status">
          <span className="upload-step-mark" aria-hidden="true">
            {phase === 'sending' ? '1' : '✓'}
          </span>
          {phase === 'sending' ? t('upload.sending') : t('upload.sent')}
          {phase === 'sending' && total > 0 ? <span aria-hidden="true"> {percent} %</span> : null}
        </span>
        <progress
          className="upload-bar"
          max={100}
          value={phase === 'sending' ? percent : 100}
          aria-label={t('upload.sending')}
        />
      </li>
      <li
        className={phase === 'processing' ? 'upload-step current' : 'upload-step'}
        aria-current={phase === 'processing' ? 'step' : undefined}
      >
        <span className="upload-step-text" role={phase === 'processing' ? 'status' : undefined}>
          <span className="upload-step-mark" aria-hidden="true">
            2
          </span>
          {processingLabel}
        </span>
        {phase === 'processing' ? <span className="upload-working" aria-hidden="true" /> : null}
      </li>
    </ol>
  );
}
