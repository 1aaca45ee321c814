// @vitest-environment jsdom
import { DEFAULT_THEME, type LicenseeConfig } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyBranding, applyTheme } from './branding';

const property = (name: string) => document.documentElement.style.getPropertyValue(name);

const licensee = {
  licenseeName: 'SafeGuard Partners',
  theme: {
    light: { primary: '#0b3d2e', contrast: '#fafafa', highlight: '#ffaa00' },
    dark: { primary: '#7fd1b9', contrast: '#101010', highlight: null },
  },
} as LicenseeConfig;

afterEach(() => {
  useSessionStore.setState({ licensee: null });
});

describe('branding as CSS custom properties (spec section 9)', () => {
  it("uses the spec's default colours until a licensee configuration is loaded", () => {
    applyTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(property('--brand-primary')).toBe(DEFAULT_THEME.light.primary);
    expect(property('--brand-contrast')).toBe('#ffffff');
    applyTheme('dark');
    expect(property('--brand-primary')).toBe('#b9b9b9');
    expect(property('--brand-contrast')).toBe('#000000');
    // No highlight colour: the primary colour stands in.
    expect(property('--brand-highlight')).toBe('#b9b9b9');
  });

  it("applies the licensee's colours of the current theme, its name as the title, and follows a theme switch", () => {
    useSessionStore.setState({ licensee });
    applyTheme('light');
    applyBranding(licensee);
    expect(document.title).toBe('SafeGuard Partners');
    expect(property('--brand-primary')).toBe('#0b3d2e');
    expect(property('--brand-highlight')).toBe('#ffaa00');
    applyTheme('dark');
    expect(property('--brand-primary')).toBe('#7fd1b9');
    expect(property('--brand-contrast')).toBe('#101010');
    expect(property('--brand-highlight')).toBe('#7fd1b9');
  });
});

describe('theme (spec section 9)', () => {
  it('follows the system while the member has chosen none, also when the system changes, and keeps a choice', () => {
    let prefersDark = true;
    const listeners: Array<() => void> = [];
    vi.stubGlobal('matchMedia', (query: string) => ({
      media: query,
      get matches() {
        return query === '(prefers-color-scheme: dark)' && prefersDark;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      removeEventListener: () => undefined,
    }));
    const systemChanges = (dark: boolean) => {
      prefersDark = dark;
      for (const listener of listeners) listener();
    };
    try {
      applyTheme(null);
      expect(document.documentElement.dataset.theme).toBe('dark');
      systemChanges(false);
      expect(document.documentElement.dataset.theme).toBe('light');
      expect(property('--brand-primary')).toBe('#3b3b3b');
      // The member chooses dark: the system no longer decides.
      applyTheme('dark');
      systemChanges(true);
      systemChanges(false);
      expect(document.documentElement.dataset.theme).toBe('dark');
      // Back to "follow the system".
      applyTheme(null);
      expect(document.documentElement.dataset.theme).toBe('light');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
