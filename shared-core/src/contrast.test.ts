import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from './branding';
import { contrastRatio, MIN_TEXT_CONTRAST, relativeLuminance, themeContrastProblems } from './contrast';

describe('WCAG contrast', () => {
  it('computes the luminance and ratios of the WCAG definition', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // Reference values of the WebAIM contrast checker.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
  });

  it('accepts the default theme and the demo licensees', () => {
    expect(themeContrastProblems(DEFAULT_THEME)).toEqual([]);
    expect(
      themeContrastProblems({
        light: { primary: '#00695c', contrast: '#ffffff' },
        dark: { primary: '#4db6ac', contrast: '#000000' },
      }),
    ).toEqual([]);
  });

  it('names each mode whose text on the primary colour is below 4.5:1', () => {
    expect(
      themeContrastProblems({
        light: { primary: '#ffeb3b', contrast: '#ffffff' },
        dark: { primary: '#777777', contrast: '#ffffff' },
      }),
    ).toEqual([
      { mode: 'light', ratio: 1.22 },
      { mode: 'dark', ratio: 4.47 },
    ]);
    expect(
      themeContrastProblems({
        light: { primary: '#767676', contrast: '#ffffff' },
        dark: { primary: '#b9b9b9', contrast: '#000000' },
      }),
    ).toEqual([]);
    expect(MIN_TEXT_CONTRAST).toBe(4.5);
  });
});
