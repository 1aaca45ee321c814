import { LICENSEE_LOGO_EXTENSIONS, LICENSEE_LOGO_MAX_BYTES } from '@dash/shared-core';
import { inlineErrorText, showToast } from '@dash/shared-ui';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadLogo } from '../api/uploadLogo';

function base64Of(bytes: ArrayBuffer): string {
  let binary = '';
  const view = new Uint8Array(bytes);
  for (let index = 0; index < view.length; index += 0x8000) {
    binary += String.fromCharCode(...view.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/**
 * The licensee's logo: the current one and a file field that uploads at once. Name and size are checked here for a
 * quick answer; the server decides by the file's content (a renamed executable or an SVG is refused there too).
 */
export function LogoField({ logo, editable }: { logo: string | null; editable: boolean }) {
  const { t } = useTranslation('licensee');
  const id = useId();
  const upload = useUploadLogo();
  const [error, setError] = useState<string | null>(null);
  const maxKb = LICENSEE_LOGO_MAX_BYTES / 1000;

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
    if (!(LICENSEE_LOGO_EXTENSIONS as readonly string[]).includes(extension)) {
      setError(t('common:errors.codes.File.InvalidType'));
      return;
    }
    if (file.size > LICENSEE_LOGO_MAX_BYTES) {
      setError(t('branding.logo.tooLarge', { max: maxKb }));
      return;
    }
    try {
      await upload.mutateAsync({ filename: file.name, contentBase64: base64Of(await file.arrayBuffer()) });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('branding.logo.saved') });
    } catch (caught) {
      setError(inlineErrorText(t, caught));
    }
  }

  return (
    <div className="ui-field branding-logo">
      <label htmlFor={id}>{t('branding.logo.label')}</label>
      <div className="branding-logo__row">
        {logo ? (
          <img
            className="branding-logo__image"
            src={logo}
            alt={t('branding.logo.current')}
            data-testid="branding-logo"
          />
        ) : (
          <span className="licensee-hint">{t('branding.logo.none')}</span>
        )}
        {editable && (
          <input
            id={id}
            type="file"
            accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp"
            onChange={onChange}
            disabled={upload.isPending}
            aria-describedby={`${id}-hint`}
            data-testid="branding-logo-input"
          />
        )}
      </div>
      <p id={`${id}-hint`} className="licensee-hint">
        {t('branding.logo.hint', { max: maxKb })}
      </p>
      {error && (
        <p className="ui-alert ui-alert--danger" role="alert" data-testid="branding-logo-error">
          {error}
        </p>
      )}
    </div>
  );
}
