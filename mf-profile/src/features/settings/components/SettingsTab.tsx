import { changeLanguage, isLanguage, LANGUAGES } from '@dash/shared-core';
import { showToast, useSessionStore } from '@dash/shared-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileTabs } from '../../../components/ProfileTabs';
import { useUpdateProfileSetting } from '../api/updateProfileSetting';
import { ReminderSetting } from './ReminderSetting';

type Theme = 'light' | 'dark';

/** Theme and language: applied at once and remembered in the profile settings. */
export default function SettingsTab() {
  const { t, i18n } = useTranslation('profile');
  const settings = useSessionStore((state) => state.settings);
  const setSettings = useSessionStore((state) => state.setSettings);
  const update = useUpdateProfileSetting();
  const themeId = useId();
  const languageId = useId();
  const currentTheme: Theme =
    settings?.frontendStyle.theme ?? (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
  const currentLanguage = isLanguage(i18n.language) ? i18n.language : 'de_DE';

  async function save(theme: Theme, language: string) {
    if (!isLanguage(language)) return;
    const saved = await update.mutateAsync({ frontendStyle: { theme }, languageCode: language });
    // The shell applies the theme when the settings in the session store change.
    setSettings(saved);
    await changeLanguage(language);
    // In the language just chosen (`t` is still bound to the one this render started with).
    const inChosen = i18n.getFixedT(language, 'profile');
    showToast({ type: 'success', title: inChosen('common:toast.successTitle'), message: inChosen('settings.saved') });
  }

  return (
    <>
      <ProfileTabs />
      <div className="ui-card profile-form">
        <div className="ui-field">
          <label htmlFor={themeId}>{t('common:theme.label')}</label>
          <select
            id={themeId}
            value={currentTheme}
            onChange={(event) => void save(event.target.value as Theme, currentLanguage).catch(() => undefined)}
            data-testid="theme-select"
          >
            <option value="light">{t('common:theme.light')}</option>
            <option value="dark">{t('common:theme.dark')}</option>
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor={languageId}>{t('common:language.label')}</label>
          <select
            id={languageId}
            value={currentLanguage}
            onChange={(event) => void save(currentTheme, event.target.value).catch(() => undefined)}
            data-testid="settings-language"
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`common:language.${language}`)}
              </option>
            ))}
          </select>
        </div>
        <ReminderSetting />
      </div>
    </>
  );
}
