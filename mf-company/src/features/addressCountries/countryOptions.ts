import { DEFAULT_OFFERED_COUNTRIES, type Language, localeOf } from '@dash/shared-core';
import { useMemberState } from '@dash/shared-ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The address countries of the company's forms (master data, locations, members): the ones the client offers (its
 * licensee chooses them; spec: AT and DE), plus a record's stored country outside them (an import, or a list changed
 * since), so that opening and saving the form does not change it unseen. Named in the page's language
 * ("Deutschland", "Germany") and sorted as that language sorts.
 */
export function countryOptions(
  locale: string,
  current?: string | null,
  offered: readonly string[] = DEFAULT_OFFERED_COUNTRIES,
): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const codes = current && !offered.includes(current) ? [...offered, current] : offered;
  return [...new Set(codes)]
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((left, right) => collator.compare(left.label, right.label));
}

/** The client's offered countries, from the member state (one source for every address form of the client). */
export function useOfferedCountries(): readonly string[] {
  return useMemberState()?.offeredCountries ?? DEFAULT_OFFERED_COUNTRIES;
}

/** `countryOptions` for the client's offered countries in the language shown. */
export function useCountryOptions(current?: string | null): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const offered = useOfferedCountries();
  const locale = localeOf(i18n.language as Language);
  return useMemo(() => countryOptions(locale, current, offered), [locale, current, offered]);
}

/** The country a new address starts with: Germany where it is offered (as before), else the first offered one. */
export function defaultCountryOf(offered: readonly string[]): string {
  return offered.includes('DE') ? 'DE' : (offered[0] ?? 'DE');
}

export function useDefaultCountry(): string {
  return defaultCountryOf(useOfferedCountries());
}
