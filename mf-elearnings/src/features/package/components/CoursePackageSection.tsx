import { formatFileSize, hasAnyPermission, type Language } from '@dash/shared-core';
import { FormActions, showToast, useMemberState } from '@dash/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packageQueryKey, usePackage } from '../api/getPackage';
import { useSavePackage } from '../api/savePackage';
import { PackageUploadError, uploadPackage } from '../api/uploadPackage';

/** The upload takes packages up to this size (the server's limit, docs/scorm.md). */
export const PACKAGE_MAX_BYTES = 512 * 1024 * 1024;

/**
 * The course of an e-learning (catalogue details, settings tab): the current SCORM package, its title and
 * language (from the manifest, editable) and the upload of a new package (.zip).
 */
export function CoursePackageSection({ elearningUuid }: { elearningUuid: string }) {
  const { t, i18n } = useTranslation('elearnings');
  const permissions = useMemberState()?.member.permissions ?? [];
  const canUpload = hasAnyPermission(permissions, ['elearning.upload-package']);
  const query = usePackage(elearningUuid);
  const queryClient = useQueryClient();
  const save = useSavePackage(elearningUuid);
  const inputId = useId();
  const titleId = useId();
  const languageId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = query.data?.package ?? null;
  const [title, setTitle] = useState('');
  const [language, setLanguage] = useState<'' | 'de_DE' | 'en_GB'>('');

  useEffect(() => {
    setTitle(current?.title ?? '');
    setLanguage(current?.language ?? '');
  }, [current]);

  const upload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const uploaded = await uploadPackage(elearningUuid, file, setProgress);
      queryClient.setQueryData(packageQueryKey(elearningUuid), { package: uploaded });
      showToast({ type: 'success', title: t('package.uploaded'), message: uploaded.title });
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
    } catch (caught) {
      const code = caught instanceof PackageUploadError ? caught.code : 'Dashboard.Exception';
      setError(t(`common:errors.codes.${code}`, { defaultValue: t('common:errors.codes.Dashboard.Exception') }));
    } finally {
      setProgress(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    save.mutate(
      { uuid: elearningUuid, title: title.trim(), language: language || null },
      { onSuccess: () => showToast({ type: 'success', title: t('package.title'), message: t('package.saved') }) },
    );
  };

  return (
    <section className="ui-card elearning-section elearning-package" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{t('package.title')}</h2>
      {query.isPending ? null : current ? (
        <dl className="ui-definition" data-testid="package-details">
          <dt>{t('package.version')}</dt>
          <dd>SCORM {current.scormVersion}</dd>
          <dt>{t('package.launch')}</dt>
          <dd>
            <code>{current.launchPath}</code>
          </dd>
          {current.items.length > 1 && (
            <>
              <dt>{t('package.items')}</dt>
              <dd>
                {t('package.itemCount', {
                  count: current.items.length,
                  scos: current.items.filter((item) => item.sco).length,
                })}
              </dd>
            </>
          )}
          <dt>{t('package.files')}</dt>
          <dd>
            {t('package.fileCount', { count: current.fileCount })} ·{' '}
            {formatFileSize(current.unpackedBytes, i18n.language as Language)}
          </dd>
        </dl>
      ) : (
        <p className="elearning-hint">{t('package.none')}</p>
      )}
      {current && canUpload && (
        <form className="elearning-form" onSubmit={submit} noValidate>
          <div className="ui-field">
            <label htmlFor={titleId}>{t('package.courseTitle')}</label>
            <input
              id={titleId}
              value={title}
              maxLength={200}
              required
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
          <div className="ui-field">
            <label htmlFor={languageId}>{t('package.language')}</label>
            <select
              id={languageId}
              value={language}
              onChange={(event) => setLanguage(event.target.value as '' | 'de_DE' | 'en_GB')}
            >
              <option value="">{t('package.languageUnknown')}</option>
              <option value="de_DE">{t('common:language.de_DE')}</option>
              <option value="en_GB">{t('common:language.en_GB')}</option>
            </select>
          </div>
          <FormActions label={t('package.save')} disabled={save.isPending || !title.trim()} />
        </form>
      )}
      {canUpload && (
        <div className="ui-field elearning-package__upload">
          <label htmlFor={inputId}>{current ? t('package.replace') : t('package.upload')}</label>
          <input
            id={inputId}
            ref={fileRef}
            type="file"
            accept=".zip,application/zip"
            data-testid="package-file"
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              setError(null);
              if (picked && picked.size > PACKAGE_MAX_BYTES) {
                setError(t('package.tooLarge', { size: formatFileSize(PACKAGE_MAX_BYTES, i18n.language as Language) }));
                setFile(null);
                return;
              }
              setFile(picked);
            }}
          />
          <p className="elearning-hint">{t('package.hint')}</p>
          {progress !== null && (
            <progress max={100} value={progress} aria-label={t('package.progress')}>
              {progress} %
            </progress>
          )}
          {error && (
            <p className="ui-alert ui-alert--danger" role="alert" data-testid="package-error">
              {error}
            </p>
          )}
          <div className="ui-form-actions">
            <button type="button" className="ui-button" disabled={!file || progress !== null} onClick={upload}>
              {t('package.uploadButton')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
