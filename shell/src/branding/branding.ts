import { DEFAULT_THEME, type LicenseeConfig } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';

export type ThemeName = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemTheme(): ThemeName {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

let currentTheme: ThemeName = 'light';
/** The member's choice; null follows the system. */
let chosenTheme: ThemeName | null = null;
let followingSystem = false;

/** While no theme is chosen, a change of the system's preference (e.g. the OS switching to dark at dusk) applies at once. */
function followSystemTheme(): void {
  if (followingSystem || !window.matchMedia) return;
  followingSystem = true;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (chosenTheme === null) applyTheme(null);
  });
}

/** null follows the system (dark when the system prefers dark). */
export function applyTheme(theme: ThemeName | null): void {
  chosenTheme = theme;
  currentTheme = theme ?? systemTheme();
  document.documentElement.dataset.theme = currentTheme;
  applyColours(useSessionStore.getState().licensee);
  followSystemTheme();
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
