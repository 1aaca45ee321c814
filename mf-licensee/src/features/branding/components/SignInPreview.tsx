import type { LicenseeBranding, ThemeMode } from '@dash/shared-core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** The sign-in page's colours of each theme: the page background and its panel, as shared-ui's base styles set them. */
const PAGE_COLOURS: Record<ThemeMode, { background: string; surface: string; text: string; muted: string }> = {
  light: { background: '#f4f5f7', surface: '#ffffff', text: '#1d1d1f', muted: '#5a5d63' },
  dark: { background: '#121316', surface: '#1d1f23', text: '#eceef1', muted: '#a8adb5' },
};

export interface PreviewValues {
  name: string;
  theme: LicenseeBranding['theme'];
  footer: LicenseeBranding['footer'];
  moodImageCopyright: string;
  isWhitelabelPartner: boolean;
  images: LicenseeBranding['images'];
}

/**
 * A small copy of the licensee's sign-in page in one theme, with the values of the form as they are typed: logo,
 * name, the sign-in button in the primary and contrast colours, the highlight line, the mood image with its copyright
 * and the footer (a white-label partner's adds copyright and partner note). Not interactive.
 */
export function SignInPreview({ mode, values }: { mode: ThemeMode; values: PreviewValues }) {
  const { t } = useTranslation('licensee');
  const page = PAGE_COLOURS[mode];
  const colours = values.theme[mode];
  const name = values.name.trim() || 'Dashboard';
  const style = {
    '--preview-bg': page.background,
    '--preview-surface': page.surface,
    '--preview-fg': page.text,
    '--preview-muted': page.muted,
    '--preview-primary': colours.primary,
    '--preview-contrast': colours.contrast,
    '--preview-highlight': colours.highlight ?? colours.primary,
  } as CSSProperties;
  return (
    <figure className="branding-preview" style={style} data-testid={`branding-preview-${mode}`} aria-hidden="true">
      <div className="branding-preview__page">
        <div className="branding-preview__panel">
          <div className="branding-preview__top">
            {values.images.logo ? (
              <img className="branding-preview__logo" src={values.images.logo} alt="" />
            ) : (
              <strong>{name}</strong>
            )}
            <span className="branding-preview__language">{t('branding.preview.language')}</span>
          </div>
          <div className="branding-preview__main">
            <div className="branding-preview__headline">{t('branding.preview.headline')}</div>
            <div className="branding-preview__input" />
            <div className="branding-preview__input" />
            <div className="branding-preview__button" data-testid={`branding-preview-button-${mode}`}>
              {t('branding.preview.signIn')}
            </div>
          </div>
          <div className="branding-preview__footer">
            <span>{name}</span>
            {values.footer.legalNoticeLink && <span>{t('common:footer.legalNotice')}</span>}
            {values.footer.dataProtectionLink && <span>{t('common:footer.dataProtection')}</span>}
            {values.isWhitelabelPartner && <span>{t('common:footer.partnerNote', { licensee: name })}</span>}
          </div>
        </div>
        {/* As the sign-in page: without a mood image, no picture and no copyright (the form takes the width). */}
        {values.images.mood && (
          <div
            className="branding-preview__mood"
            style={{ backgroundImage: `url("${values.images.mood}")` }}
            data-testid={`branding-preview-mood-${mode}`}
          >
            {values.moodImageCopyright.trim() && <span>{values.moodImageCopyright}</span>}
          </div>
        )}
      </div>
      <figcaption>{t(`branding.preview.${mode}`)}</figcaption>
    </figure>
  );
}
