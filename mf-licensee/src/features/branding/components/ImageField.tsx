import {
  LICENSEE_LOGO_EXTENSIONS,
  LICENSEE_LOGO_MAX_BYTES,
  LICENSEE_MOOD_MAX_BYTES,
  type LicenseeBranding,
  type LicenseeImage,
} from '@dash/shared-core';
import { inlineErrorText, showToast } from '@dash/shared-ui';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveImage } from '../api/removeImage';
import { useUploadLogo } from '../api/uploadLogo';
import { useUploadMood } from '../api/uploadMood';

function base64Of(bytes: ArrayBuffer): string {
  let binary = '';
  const view = new Uint8Array(bytes);
  for (let index = 0; index < view.length; index += 0x8000) {
    binary += String.fromCharCode(...view.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/** The largest file and how the texts name it: the logo in KB, the mood image in MB. */
const LIMITS: Record<LicenseeImage, { bytes: number; max: number }> = {
  logo: { bytes: LICENSEE_LOGO_MAX_BYTES, max: LICENSEE_LOGO_MAX_BYTES / 1000 },
  mood: { bytes: LICENSEE_MOOD_MAX_BYTES, max: LICENSEE_MOOD_MAX_BYTES / 1_000_000 },
};

/**
 * The licensee's logo or mood image: the current one, a file field that uploads at once and a button that removes it
 * (the sign-in page then shows the default: the name as text, no picture). Name and size are checked here for a quick
 * answer; the server decides by the file's content (a renamed executable or an SVG is refused there too).
 */
export function ImageField({
  image,
  branding,
  editable,
}: {
  image: LicenseeImage;
  branding: LicenseeBranding;
  editable: boolean;
}) {
  const { t } = useTranslation('licensee');
  const id = useId();
  const uploadLogo = useUploadLogo();
  const uploadMood = useUploadMood();
  const remove = useRemoveImage();
  const [error, setError] = useState<string | null>(null);
  const url = branding.images[image];
  const { bytes, max } = LIMITS[image];
  const busy = uploadLogo.isPending || uploadMood.isPending || remove.isPending;

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
    if (file.size > bytes) {
      setError(t(`branding.${image}.tooLarge`, { max }));
      return;
    }
    try {
      if (image === 'logo') {
        await uploadLogo.mutateAsync({ filename: file.name, contentBase64: base64Of(await file.arrayBuffer()) });
      } else {
        await uploadMood.mutateAsync(file);
      }
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t(`branding.${image}.saved`) });
    } catch (caught) {
      setError(inlineErrorText(t, caught));
    }
  }

  async function onRemove() {
    setError(null);
    try {
      await remove.mutateAsync(image);
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t(`branding.${image}.removed`) });
    } catch (caught) {
      setError(inlineErrorText(t, caught));
    }
  }

  return (
    <div className={`ui-field branding-image branding-image--${image}`}>
      <label htmlFor={id}>{t(`branding.${image}.label`)}</label>
      <div className="branding-image__row">
        {url ? (
          <img
            className="branding-image__image"
            src={url}
            alt={t(`branding.${image}.current`)}
            data-testid={`branding-${image}`}
          />
        ) : (
          <span className="licensee-hint" data-testid={`branding-${image}-none`}>
            {t(`branding.${image}.none`)}
          </span>
        )}
        {editable && (
          <div className="branding-image__actions">
            <input
              id={id}
              type="file"
              accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp"
              onChange={onChange}
              disabled={busy}
              aria-describedby={`${id}-hint`}
              data-testid={`branding-${image}-input`}
            />
            {url && (
              <button
                type="button"
                className="ui-button ui-button--ghost"
                onClick={onRemove}
                disabled={busy}
                data-testid={`branding-${image}-remove`}
              >
                {t(`branding.${image}.remove`)}
              </button>
            )}
          </div>
        )}
      </div>
      <p id={`${id}-hint`} className="licensee-hint">
        {t(`branding.${image}.hint`, { max })}
      </p>
      {error && (
        <p className="ui-alert ui-alert--danger" role="alert" data-testid={`branding-${image}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
