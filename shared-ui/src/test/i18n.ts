import { i18n } from '@dash/shared-core';
import common from '../../../shared-core/src/i18n/locales/en_GB.json';
import '../i18n/register';

/** English texts for component tests (the `ui` namespace registers itself on initialisation). */
export async function initTestI18n(): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.init({
    lng: 'en_GB',
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: { en_GB: { common } },
  });
}
