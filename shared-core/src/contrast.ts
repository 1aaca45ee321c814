import type { LicenseeConfig } from './contract/bootstrap';

/** WCAG 2.x level AA for normal text: text on a background needs at least this contrast ratio. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Relative luminance of an sRGB colour `#rrggbb` (WCAG 2.x definition). */
export function relativeLuminance(colour: string): number {
  const channel = (offset: number): number => {
    const value = Number.parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of two `#rrggbb` colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

export type ThemeMode = keyof LicenseeConfig['theme'];

/** A theme's pair of colours whose text would be too hard to read, with its ratio rounded down to 2 places. */
export interface ContrastProblem {
  mode: ThemeMode;
  ratio: number;
}

/**
 * The text pairs of a licensee theme below WCAG AA: the contrast colour is the text on the primary colour (buttons,
 * the header's avatar, the active sidebar entry), in the light and the dark theme. The highlight colour only ever
 * draws lines and bars, never text, so it is not checked. Used by the branding form and by the server.
 */
export function themeContrastProblems(
  theme: {
    [mode in ThemeMode]: Pick<LicenseeConfig['theme']['light'], 'primary' | 'contrast'>;
  },
): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const mode of ['light', 'dark'] as const) {
    const ratio = contrastRatio(theme[mode].primary, theme[mode].contrast);
    if (ratio < MIN_TEXT_CONTRAST) problems.push({ mode, ratio: Math.floor(ratio * 100) / 100 });
  }
  return problems;
}
