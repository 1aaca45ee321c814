// Only a type from the contract: a value import would pull zod into every page's first download.
import { COLOUR_PATTERN } from './colours';
import type { LicenseeConfig } from './contract/bootstrap';
import type { Rule } from './validation/rules';

export { COLOUR_PATTERN };

/** Spec section 9: the licensee name and theme colours when the licensee configuration has none. */
export const DEFAULT_LICENSEE_NAME = 'Dashboard';
export const DEFAULT_THEME: LicenseeConfig['theme'] = {
  light: { primary: '#3b3b3b', contrast: '#ffffff', highlight: null },
  dark: { primary: '#b9b9b9', contrast: '#000000', highlight: null },
};

type Colours = LicenseeConfig['theme']['light'];
/** What a licensee's stored theme may hold: any part may be missing or empty. */
export type StoredTheme = {
  [mode in keyof LicenseeConfig['theme']]?: { [key in keyof Colours]?: string | null } | null;
};

const colourOr = <T extends string | null>(value: unknown, fallback: T): string | T =>
  typeof value === 'string' && COLOUR_PATTERN.test(value) ? value : fallback;

/** A licensee's theme with the spec's default for every colour that is missing or not a colour. */
export function themeWithDefaults(stored: StoredTheme | null | undefined): LicenseeConfig['theme'] {
  const mode = (name: keyof LicenseeConfig['theme']): Colours => {
    const colours = stored?.[name] ?? {};
    const fallback = DEFAULT_THEME[name];
    return {
      primary: colourOr(colours.primary, fallback.primary),
      contrast: colourOr(colours.contrast, fallback.contrast),
      highlight: colourOr(colours.highlight, fallback.highlight),
    };
  };
  return { light: mode('light'), dark: mode('dark') };
}

/** The licensee's name, or the spec's default when it has none. */
export function licenseeNameOrDefault(name: string | null | undefined): string {
  return name?.trim() ? name.trim() : DEFAULT_LICENSEE_NAME;
}

/** The longest texts of the licensee's branding (console's branding page and its server call). */
export const LICENSEE_BRANDING_LIMITS = {
  nameMaxLength: 100,
  moodImageCopyrightMaxLength: 200,
  supportChatKeyMaxLength: 200,
  notificationFooterEmailMaxLength: 1000,
  /**
   * Appended on a line of its own to every SMS (160 characters a part): a footer of at most 80 leaves room for the
   * message without a third part.
   */
  notificationFooterSmsMaxLength: 80,
} as const;

/** A support-chat key is the vendor's token (letters, digits, `.`, `_`, `:`, `-`): it is written into a script's URL. */
export const SUPPORT_CHAT_KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** Form rule: a theme colour as the contract takes it (#rrggbb); empty passes (`required` decides). */
export const colour: Rule = (value) =>
  value.trim() === '' || COLOUR_PATTERN.test(value.trim()) ? null : { key: 'colour' };

/**
 * The licensee's logo: PNG, JPEG or WebP of at most 40 KB, so that it travels base64-encoded in one JSON call under
 * the API's 64 KiB body limit. SVG is refused (it may carry script).
 */
export const LICENSEE_LOGO_MAX_BYTES = 40_000;
export const LICENSEE_LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

/**
 * The licensee's mood image (the sign-in page's picture beside the form, on wide screens): PNG, JPEG or WebP of at
 * most 2 MB, sent as the request's body (not JSON). A larger body is refused by its announced length before it is
 * read (413 Request.TooLarge).
 */
export const LICENSEE_MOOD_MAX_BYTES = 2_000_000;
/** The licensee's images: what the console uploads and removes. */
export const LICENSEE_IMAGES = ['logo', 'mood'] as const;
export type LicenseeImage = (typeof LICENSEE_IMAGES)[number];
