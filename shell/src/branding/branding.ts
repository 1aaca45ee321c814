import { DEFAULT_THEME, type LicenseeConfig } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';

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
