import {
  colour,
  httpUrl,
  LICENSEE_BRANDING_LIMITS,
  type LicenseeBranding,
  type LicenseeBrandingFields,
  maxLength,
  type Rule,
  SUPPORT_CHAT_KEY_PATTERN,
  type ThemeMode,
  themeContrastProblems,
} from '@dash/shared-core';
import {
  CheckboxField,
  FormError,
  inlineErrorText,
  PageHeader,
  Spinner,
  showToast,
  TextField,
  useCan,
  useForm,
} from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../api/getBranding';
import { useUpdateBranding } from '../api/updateBranding';
import { CourseSourcesCard } from './CourseSourcesCard';
import { DomainsCard } from './DomainsCard';
import { ImageField } from './ImageField';
import { SignInPreview } from './SignInPreview';
import './branding.css';

const COLOUR_ROLES = ['primary', 'contrast', 'highlight'] as const;
type ColourField = `${ThemeMode}${Capitalize<(typeof COLOUR_ROLES)[number]>}`;
const colourField = (mode: ThemeMode, role: (typeof COLOUR_ROLES)[number]) =>
  `${mode}${role[0]?.toUpperCase()}${role.slice(1)}` as ColourField;

type BrandingValues = Record<
  | ColourField
  | 'name'
  | 'licenseeLink'
  | 'legalNoticeLink'
  | 'dataProtectionLink'
  | 'moodImageCopyright'
  | 'supportChatKey'
  | 'notificationFooterEmail'
  | 'notificationFooterSms',
  string
>;

const chatKey: Rule = (value) =>
  value.trim() === '' || SUPPORT_CHAT_KEY_PATTERN.test(value.trim()) ? null : { key: 'unknown' };
const singleLine: Rule = (value) => (/[\r\n]/.test(value) ? { key: 'unknown' } : null);

const RULES = {
  name: { required: true, rules: [maxLength(LICENSEE_BRANDING_LIMITS.nameMaxLength)] },
  lightPrimary: { required: true, rules: [colour] },
  lightContrast: { required: true, rules: [colour] },
  lightHighlight: { rules: [colour] },
  darkPrimary: { required: true, rules: [colour] },
  darkContrast: { required: true, rules: [colour] },
  darkHighlight: { rules: [colour] },
  licenseeLink: { rules: [httpUrl] },
  legalNoticeLink: { rules: [httpUrl] },
  dataProtectionLink: { rules: [httpUrl] },
  moodImageCopyright: { rules: [maxLength(LICENSEE_BRANDING_LIMITS.moodImageCopyrightMaxLength)] },
  supportChatKey: { rules: [maxLength(LICENSEE_BRANDING_LIMITS.supportChatKeyMaxLength), chatKey] },
  notificationFooterEmail: { rules: [maxLength(LICENSEE_BRANDING_LIMITS.notificationFooterEmailMaxLength)] },
  notificationFooterSms: { rules: [maxLength(LICENSEE_BRANDING_LIMITS.notificationFooterSmsMaxLength), singleLine] },
};

function valuesOf(branding: LicenseeBranding): BrandingValues {
  const { theme, footer } = branding;
  return {
    name: branding.name,
    lightPrimary: theme.light.primary,
    lightContrast: theme.light.contrast,
    lightHighlight: theme.light.highlight ?? '',
    darkPrimary: theme.dark.primary,
    darkContrast: theme.dark.contrast,
    darkHighlight: theme.dark.highlight ?? '',
    licenseeLink: footer.licenseeLink ?? '',
    legalNoticeLink: footer.legalNoticeLink ?? '',
    dataProtectionLink: footer.dataProtectionLink ?? '',
    moodImageCopyright: branding.moodImageCopyright ?? '',
    supportChatKey: branding.supportChatKey ?? '',
    notificationFooterEmail: branding.notificationFooterEmail ?? '',
    notificationFooterSms: branding.notificationFooterSms ?? '',
  };
}

/** A colour as typed, or the saved one while the text is not a colour yet (the preview never breaks). */
const colourOr = (value: string, fallback: string): string =>
  colour(value) === null && value.trim() ? value.trim() : fallback;

function themeOf(values: BrandingValues, saved: LicenseeBranding['theme']): LicenseeBranding['theme'] {
  const mode = (name: ThemeMode) => ({
    primary: colourOr(values[colourField(name, 'primary')], saved[name].primary),
    contrast: colourOr(values[colourField(name, 'contrast')], saved[name].contrast),
    highlight: values[colourField(name, 'highlight')].trim()
      ? colourOr(values[colourField(name, 'highlight')], saved[name].highlight ?? saved[name].primary)
      : null,
  });
  return { light: mode('light'), dark: mode('dark') };
}

function toFields(
  values: BrandingValues,
  isWhitelabelPartner: boolean,
  saved: LicenseeBranding,
): LicenseeBrandingFields {
  return {
    name: values.name,
    theme: themeOf(values, saved.theme),
    footer: {
      licenseeLink: values.licenseeLink,
      legalNoticeLink: values.legalNoticeLink,
      dataProtectionLink: values.dataProtectionLink,
    },
    moodImageCopyright: values.moodImageCopyright,
    supportChatKey: values.supportChatKey,
    notificationFooterEmail: values.notificationFooterEmail,
    notificationFooterSms: values.notificationFooterSms,
    isWhitelabelPartner,
  };
}

/** The licensee's branding: its admins change it, its advisers read it; the preview follows every keystroke. */
export default function BrandingPage() {
  const { t } = useTranslation('licensee');
  const query = useBranding();
  if (query.isPending) return <Spinner />;
  if (!query.data) {
    return (
      <>
        <PageHeader title={t('branding.title')} />
        <p className="ui-alert ui-alert--danger">{inlineErrorText(t, query.error)}</p>
      </>
    );
  }
  // A new key per saved version: the form starts from what the server answered. Images and domains are saved on their
  // own and keep what is being typed.
  return <BrandingForm key={JSON.stringify({ ...query.data, images: null, hostNames: null })} branding={query.data} />;
}

function BrandingForm({ branding }: { branding: LicenseeBranding }) {
  const { t, i18n } = useTranslation('licensee');
  const ratioFormat = new Intl.NumberFormat(i18n.language.replace('_', '-'), { maximumFractionDigits: 2 });
  const can = useCan();
  const editable = can(['licensee.branding-update']);
  const update = useUpdateBranding();
  const [whitelabel, setWhitelabel] = useState(branding.isWhitelabelPartner);
  const form = useForm<BrandingValues>({
    initialValues: valuesOf(branding),
    fields: RULES,
    // The same check as the server's: text on the primary colour at least 4.5:1 in both themes.
    canSubmit: (values) => themeContrastProblems(themeOf(values, branding.theme)).length === 0,
    send: async (values) => {
      await update.mutateAsync(toFields(values, whitelabel, branding));
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('branding.saved') });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  const theme = themeOf(form.values, branding.theme);
  const problems = themeContrastProblems(theme);
  const field = (name: keyof BrandingValues) => form.field(name);

  return (
    <>
      <PageHeader title={t('branding.title')} />
      <p className="licensee-hint">
        {t('branding.intro', { hosts: branding.hostNames.join(', ') || branding.licenseeIdentifier })}
      </p>
      <div className="branding-layout">
        <div className="licensee-page branding-main">
          <DomainsCard editable={editable} />
          <CourseSourcesCard editable={editable} />
          <form className="licensee-page" onSubmit={form.onSubmit} noValidate data-testid="branding-form">
            <FormError error={form.error} testId="branding-form-error" />
            <fieldset className="licensee-fieldset" disabled={!editable}>
              <section className="ui-card">
                <h2>{t('branding.sections.identity')}</h2>
                <ImageField image="logo" branding={branding} editable={editable} />
                <TextField label={t('branding.fields.name')} {...field('name')} autoComplete="off" />
                <CheckboxField
                  name="isWhitelabelPartner"
                  label={t('branding.fields.isWhitelabelPartner')}
                  checked={whitelabel}
                  onChange={setWhitelabel}
                />
                <p className="licensee-hint">{t('branding.fields.isWhitelabelPartnerHint')}</p>
              </section>
              <section className="ui-card">
                <h2>{t('branding.sections.mood')}</h2>
                <ImageField image="mood" branding={branding} editable={editable} />
                <TextField label={t('branding.fields.moodImageCopyright')} {...field('moodImageCopyright')} />
                <p className="licensee-hint">{t('branding.fields.moodImageCopyrightHint')}</p>
              </section>
              <section className="ui-card" aria-describedby="branding-contrast">
                <h2>{t('branding.sections.colours')}</h2>
                <p className="licensee-hint">{t('branding.coloursHint')}</p>
                {(['light', 'dark'] as const).map((mode) => (
                  <fieldset key={mode} className="branding-colours" data-testid={`branding-colours-${mode}`}>
                    <legend>{t(`branding.preview.${mode}`)}</legend>
                    {COLOUR_ROLES.map((role) => (
                      <ColourInput
                        key={role}
                        label={t(`branding.fields.${role}`)}
                        swatch={theme[mode][role] ?? theme[mode].primary}
                        {...field(colourField(mode, role))}
                      />
                    ))}
                  </fieldset>
                ))}
                <div id="branding-contrast" aria-live="polite">
                  {problems.length > 0 ? (
                    <p className="ui-alert ui-alert--danger" role="alert" data-testid="branding-contrast-error">
                      {t('common:errors.codes.Licensee.ContrastTooLow')}{' '}
                      {problems
                        .map((problem) =>
                          t('branding.contrastOf', {
                            mode: t(`branding.preview.${problem.mode}`),
                            ratio: ratioFormat.format(problem.ratio),
                          }),
                        )
                        .join(' ')}
                    </p>
                  ) : (
                    <p className="licensee-hint" data-testid="branding-contrast-ok">
                      {t('branding.contrastOk')}
                    </p>
                  )}
                </div>
              </section>
              <section className="ui-card">
                <h2>{t('branding.sections.footer')}</h2>
                <TextField label={t('branding.fields.licenseeLink')} type="url" {...field('licenseeLink')} />
                <TextField label={t('branding.fields.legalNoticeLink')} type="url" {...field('legalNoticeLink')} />
                <TextField
                  label={t('branding.fields.dataProtectionLink')}
                  type="url"
                  {...field('dataProtectionLink')}
                />
              </section>
              <section className="ui-card">
                <h2>{t('branding.sections.notifications')}</h2>
                <TextField label={t('branding.fields.notificationFooterEmail')} {...field('notificationFooterEmail')} />
                <TextField
                  label={t('branding.fields.notificationFooterSms')}
                  {...field('notificationFooterSms')}
                  aria-describedby="branding-sms-hint"
                />
                <p id="branding-sms-hint" className="licensee-hint">
                  {t('branding.fields.notificationFooterSmsHint', {
                    count: form.values.notificationFooterSms.trim().length,
                    max: LICENSEE_BRANDING_LIMITS.notificationFooterSmsMaxLength,
                  })}
                </p>
                <TextField
                  label={t('branding.fields.supportChatKey')}
                  {...field('supportChatKey')}
                  autoComplete="off"
                  aria-describedby="branding-chat-hint"
                />
                <p id="branding-chat-hint" className="licensee-hint">
                  {t('branding.fields.supportChatKeyHint')}
                </p>
              </section>
            </fieldset>
            {editable && (
              <div className="ui-form-actions">
                <button type="submit" className="ui-button" disabled={form.busy} data-testid="branding-save">
                  {t('common:common.save')}
                </button>
              </div>
            )}
          </form>
        </div>
        <aside className="branding-previews" aria-label={t('branding.preview.title')}>
          <h2>{t('branding.preview.title')}</h2>
          {(['light', 'dark'] as const).map((mode) => (
            <SignInPreview
              key={mode}
              mode={mode}
              values={{
                name: form.values.name,
                theme,
                footer: {
                  licenseeLink: form.values.licenseeLink || null,
                  legalNoticeLink: form.values.legalNoticeLink || null,
                  dataProtectionLink: form.values.dataProtectionLink || null,
                },
                moodImageCopyright: form.values.moodImageCopyright,
                isWhitelabelPartner: whitelabel,
                images: branding.images,
              }}
            />
          ))}
        </aside>
      </div>
    </>
  );
}

/** A colour as #rrggbb text beside the browser's colour picker; both change the same value. */
function ColourInput({
  label,
  swatch,
  ...field
}: ReturnType<ReturnType<typeof useForm<BrandingValues>>['field']> & { label: string; swatch: string }) {
  return (
    <div className="branding-colour">
      <TextField label={label} {...field} autoComplete="off" spellCheck={false} maxLength={7} />
      <input
        type="color"
        className="branding-colour__picker"
        value={swatch}
        onChange={(event) => field.onChange(event.target.value)}
        aria-label={label}
        tabIndex={-1}
      />
    </div>
  );
}
