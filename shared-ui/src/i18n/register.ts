import { addNamespace, i18n } from '@dash/shared-core';
import de_DE from './de_DE.json';
import en_GB from './en_GB.json';

export const UI_NAMESPACE = 'ui';

let registered = false;

/**
 * The building blocks' own texts (namespace `ui`). Registered when shared-ui loads: at once when i18next is
 * already initialised, otherwise as soon as it is (its resource store exists only after `init`).
 */
export function registerUiTranslations(): void {
  if (registered) return;
  if (i18n.isInitialized) {
    addNamespace(UI_NAMESPACE, { de_DE, en_GB });
    registered = true;
    return;
  }
  const onInitialized = () => {
    i18n.off('initialized', onInitialized);
    registerUiTranslations();
  };
  i18n.on('initialized', onInitialized);
}

registerUiTranslations();
