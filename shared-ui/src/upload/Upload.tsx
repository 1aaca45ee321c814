import './texts';
import { formatFileSize, type Language } from '@dash/shared-core';
import { showToast } from '@dash/shared-ui';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkFile,
  pause,
  sendFile,
  UPLOAD_ALLOWED_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_PAUSE_MS,
  type UploadEntry,
  xsrfToken,
} from './upload';

export interface UploadProps {
  label: string;
  /** Where the files go (multipart POST). */
  url: string;
  /** Form field name of the file (default `file`). */
  fieldName?: string;
  /** Further string fields sent with each file. */
  fields?: Record<string, string>;
  allowedTypes?: readonly string[];
  maxBytes?: number;
  /** Spec section 9: default 1. */
  maxFiles?: number;
  /** Where the XSRF cookie comes from when it is missing; null to never ask. */
  csrfUrl?: string | null;
  /** Told for each file when its upload ends. */
  onUploaded?: (entry: UploadEntry) => void;
}

let nextId = 1;

/**
 * Upload (spec sections 4 and 9): drop or pick files; type and size are checked before sending (danger toasts);
 * the "upload" button sends them one after another with a 250 ms pause, each with its own progress bar.
 */
export function Upload({
  label,
  url,
  fieldName = 'file',
  fields,
  allowedTypes = UPLOAD_ALLOWED_TYPES,
  maxBytes = UPLOAD_MAX_BYTES,
  maxFiles = 1,
  csrfUrl,
  onUploaded,
}: UploadProps) {
  const { t, i18n } = useTranslation('ui');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const size = formatFileSize(maxBytes, i18n.language as Language);

  const update = (id: number, change: Partial<UploadEntry>) =>
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));

  const add = (files: FileList | File[]) => {
    const accepted: UploadEntry[] = [];
    for (const file of Array.from(files)) {
      const problem = checkFile(file, allowedTypes, maxBytes);
      if (problem) {
        showToast({
          type: 'danger',
          title: t('upload.toast.title'),
          message: t(`upload.toast.${problem}`, { name: file.name, size }),
        });
        continue;
      }
      accepted.push({ id: nextId++, file, status: 'selected', progress: 0 });
    }
    setEntries((current) => {
      const waiting = current.filter((entry) => entry.status !== 'done');
      return [...waiting, ...accepted].slice(-maxFiles);
    });
  };

  const start = async () => {
    const queue = entries.filter((entry) => entry.status === 'selected' || entry.status === 'error');
    if (queue.length === 0) return;
    setBusy(true);
    const xsrf = await xsrfToken(csrfUrl);
    for (const [index, entry] of queue.entries()) {
      if (index > 0) await pause(UPLOAD_PAUSE_MS);
      update(entry.id, { status: 'uploading', progress: 0, errorCode: undefined });
      const result = await sendFile({
        url,
        fieldName,
        file: entry.file,
        fields,
        xsrf,
        onProgress: (progress) => update(entry.id, { progress }),
      });
      const done: UploadEntry = result.ok
        ? { ...entry, status: 'done', progress: 100, response: { status: result.status, body: result.body } }
        : {
            ...entry,
            status: 'error',
            response: { status: result.status, body: result.body },
            errorCode: result.errorCode,
          };
      update(entry.id, done);
      if (!result.ok) {
        showToast({
          type: 'danger',
          title: t('upload.toast.title'),
          message: t('upload.toast.uploadError', { name: entry.file.name }),
        });
      }
      onUploaded?.(done);
    }
    setBusy(false);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) add(event.dataTransfer.files);
  };

  return (
    <div className="ui-upload">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input is the keyboard path */}
      <div
        className={`ui-upload__zone${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-zone"
      >
        <p className="ui-upload__label">{label}</p>
        <p>
          {t('upload.drop')}{' '}
          <label htmlFor={inputId} className="ui-button ui-button--link">
            {t('upload.pick')}
          </label>
        </p>
        <input
          ref={inputRef}
          id={inputId}
          className="ui-visually-hidden"
          type="file"
          multiple={maxFiles > 1}
          accept={allowedTypes.map((type) => `.${type}`).join(',')}
          onChange={(event) => {
            if (event.target.files) add(event.target.files);
            event.target.value = '';
          }}
        />
        <p className="ui-upload__hint">{t('upload.allowed', { types: allowedTypes.join(', '), size })}</p>
      </div>
      {entries.length > 0 && (
        <ul className="ui-upload__list" aria-label={label}>
          {entries.map((entry) => (
            <li key={entry.id} className={`ui-upload__entry is-${entry.status}`} data-status={entry.status}>
              <span className="ui-upload__name">
                {entry.file.name} ({formatFileSize(entry.file.size, i18n.language as Language)})
              </span>
              <progress max={100} value={entry.progress} aria-label={entry.file.name} className="ui-upload__progress" />
              <span className="ui-upload__status" data-testid="upload-status">
                {entry.status === 'uploading'
                  ? t('upload.status.uploading', { percent: entry.progress })
                  : entry.status === 'error'
                    ? t('upload.status.error', { code: entry.errorCode })
                    : t(`upload.status.${entry.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="ui-button"
        disabled={busy || !entries.some((entry) => entry.status === 'selected' || entry.status === 'error')}
        onClick={() => void start()}
      >
        {t('upload.start')}
      </button>
    </div>
  );
}
