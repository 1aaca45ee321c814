import type { LicenseeConfig } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';

/** Spec section 9: default colours when the licensee configuration has none. */
export const DEFAULT_THEME: LicenseeConfig['theme'] = {
  light: { primary: '#3b3b3b', contrast: '#ffffff', highlight: null },
  dark: { primary: '#b9b9b9', contrast: '#000000', highlight: null },
};

export type ThemeName = 'light' | 'dark';

function systemTheme(): ThemeName {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let currentTheme: ThemeName = 'light';

/** null follows the system (dark when the system prefers dark). */
export function applyTheme(theme: ThemeName | null): void {
  currentTheme = theme ?? systemTheme();
  document.documentElement.dataset.theme = currentTheme;
  applyColours(useSessionStore.getState().licensee);
}

export function applyColours(licensee: LicenseeConfig | null): void {
  const colours = (licensee?.theme ?? DEFAULT_THEME)[currentTheme];
  const root = document.documentElement.style;
  root.setProperty('--brand-primary', colours.primary);
  root.setProperty('--brand-contrast', colours.contrast);
  root.setProperty('--brand-highlight', colours.highlight ?? colours.primary);
}

export function applyBranding(licensee: LicenseeConfig): void {
  document.title = licensee.licenseeName;
  applyColours(licensee);
}
