import { addNamespace, i18n } from '@dash/shared-core';
import de_DE from './de_DE.json';
import en_GB from './en_GB.json';

export const UI_NAMESPACE = 'ui';

/** Texts of the `ui` namespace in every language. */
export type UiTexts = Parameters<typeof addNamespace>[1];

const waiting: UiTexts[] = [];

function addWaitingTexts(): void {
  i18n.off('initialized', addWaitingTexts);
  for (const texts of waiting.splice(0)) addNamespace(UI_NAMESPACE, texts);
}

/**
 * Adds building blocks' texts to the namespace `ui`: at once when i18next is already initialised, otherwise as soon
 * as it is (its resource store exists only after `init`). The main entry adds the texts of its blocks when it loads;
 * each separate entry (table, upload, dropdown, member picker) adds its own, so a page without it does not download them.
 */
export function registerUiTexts(texts: UiTexts): void {
  if (i18n.isInitialized) {
    addNamespace(UI_NAMESPACE, texts);
    return;
  }
  if (waiting.length === 0) i18n.on('initialized', addWaitingTexts);
  waiting.push(texts);
}

registerUiTexts({ de_DE, en_GB });
