import type { EvidencePhoto } from '@dash/shared-core';
import { FormError, inlineErrorText } from '@dash/shared-ui';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EVIDENCE_PHOTOS_PER_ANSWER } from '../../evaluation/constants';
import { useDeleteEvidencePhoto } from '../api/deleteEvidencePhoto';
import { useEvidencePhotoUrl } from '../api/getEvidencePhoto';
import { useUploadEvidencePhoto } from '../api/uploadEvidencePhoto';

/** One stored photo as a thumbnail (the photo itself opens in a new tab from its object address). */
export function EvidenceThumbnail({ uuid, label }: { uuid: string; label: string }) {
  const url = useEvidencePhotoUrl(uuid);
  if (!url) return <span className="ra-evidence__thumb ra-evidence__thumb--loading" aria-hidden="true" />;
  return (
    <a href={url} target="_blank" rel="noopener" className="ra-evidence__thumb">
      <img src={url} alt={label} data-testid="evidence-thumbnail" />
    </a>
  );
}

/**
 * Evidence on one answer of an inspection (docs/risk-assessment-follow-up.md "Evidence"): a note, saved with the
 * answer, and up to 5 photos taken with the phone's camera (shrunk before they are sent).
 */
export function AnswerEvidence({
  executionUuid,
  questionKey,
  questionText,
  photos,
  note,
  onNote,
  editable,
}: {
  executionUuid: string;
  questionKey: string;
  questionText: string;
  photos: readonly EvidencePhoto[];
  note: string;
  onNote: (note: string) => void;
  editable: boolean;
}) {
  const { t } = useTranslation('riskAssessments');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadEvidencePhoto();
  const remove = useDeleteEvidencePhoto();
  const full = photos.length >= EVIDENCE_PHOTOS_PER_ANSWER;
  return (
    <details className="ra-evidence" open={photos.length > 0 || note !== '' ? true : undefined}>
      <summary>
        {t('evidence.summary')}
        {photos.length > 0 || note ? ` (${t('evidence.count', { count: photos.length + (note ? 1 : 0) })})` : ''}
      </summary>
      <div className="ui-field">
        <label htmlFor={`${id}-note`}>{t('evidence.note')}</label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={2000}
          disabled={!editable}
          value={note}
          onChange={(event) => onNote(event.target.value)}
        />
      </div>
      <FormError error={upload.error ? inlineErrorText(t, upload.error) : null} />
      <ul className="ra-evidence__photos" aria-label={t('evidence.photosOf', { question: questionText })}>
        {photos.map((photo, index) => (
          <li key={photo.uuid}>
            <EvidenceThumbnail uuid={photo.uuid} label={t('evidence.photoLabel', { index: index + 1 })} />
            {editable && (
              <button
                type="button"
                className="ui-button ui-button--ghost ui-button--small"
                disabled={remove.isPending}
                aria-label={t('evidence.removeLabel', { index: index + 1 })}
                onClick={() => remove.mutate({ uuid: photo.uuid, executionUuid })}
              >
                {t('evidence.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <>
          <input
            ref={input}
            id={`${id}-photo`}
            className="ra-evidence__input"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={full || upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.mutate({ executionUuid, questionKey, file });
            }}
          />
          <label htmlFor={`${id}-photo`} className="ui-button ui-button--ghost ui-button--small" aria-disabled={full}>
            {upload.isPending ? t('evidence.uploading') : t('evidence.addPhoto')}
          </label>
          {full && <span className="ra-muted"> {t('evidence.full', { count: EVIDENCE_PHOTOS_PER_ANSWER })}</span>}
        </>
      )}
    </details>
  );
}
