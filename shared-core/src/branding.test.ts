import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, licenseeNameOrDefault, themeWithDefaults } from './branding';

describe('branding defaults (spec section 9)', () => {
  it('uses the spec colours when a licensee has no theme', () => {
    expect(themeWithDefaults(null)).toEqual({
      light: { primary: '#3b3b3b', contrast: '#ffffff', highlight: null },
      dark: { primary: '#b9b9b9', contrast: '#000000', highlight: null },
    });
    expect(themeWithDefaults({})).toEqual(DEFAULT_THEME);
  });

  it('fills each missing, empty or malformed colour on its own and keeps the ones given', () => {
    expect(
      themeWithDefaults({
        light: { primary: '#112233', contrast: '', highlight: '#445566' },
        dark: { contrast: 'black', highlight: null },
      }),
    ).toEqual({
      light: { primary: '#112233', contrast: '#ffffff', highlight: '#445566' },
      dark: { primary: '#b9b9b9', contrast: '#000000', highlight: null },
    });
  });

  it('calls a licensee without a name "Dashboard"', () => {
    expect(licenseeNameOrDefault(null)).toBe('Dashboard');
    expect(licenseeNameOrDefault('  ')).toBe('Dashboard');
    expect(licenseeNameOrDefault(' SafeGuard Partners ')).toBe('SafeGuard Partners');
  });
});
