// @vitest-environment jsdom
import { DEFAULT_THEME, type LicenseeConfig } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';
import { afterEach, describe, expect, it } from 'vitest';
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
