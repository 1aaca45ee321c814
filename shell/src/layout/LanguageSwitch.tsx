import { api, changeLanguage, isLanguage, LANGUAGES } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Switches the language at once; when signed in it is also remembered in the profile settings. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const status = useSessionStore((state) => state.status);
  const settings = useSessionStore((state) => state.settings);
  const setSettings = useSessionStore((state) => state.setSettings);

  async function select(language: string) {
    if (!isLanguage(language)) return;
    await changeLanguage(language);
    if (status === 'authenticated' && settings) {
      const saved = await api.call('profileUpdateSetting', {
        languageCode: language,
        // A theme never chosen stays unchosen, so that the display keeps following the system.
        frontendStyle: { theme: settings.frontendStyle.theme },
      });
      setSettings(saved);
    }
  }

  return (
    <div className="shell-language">
      <label htmlFor={id} className="ui-visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => void select(event.target.value)}
        data-testid="language-switch"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
