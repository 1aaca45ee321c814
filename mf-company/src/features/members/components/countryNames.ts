/**
 * Country choices in the page's language ("Deutschland", "Germany"), sorted as that language sorts: the postal data
 * names countries in English only. A code the browser cannot name keeps the data's English name.
 */
export function countryOptions(
  countries: readonly { alpha2: string; countryName: string }[],
  locale: string,
): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const collator = new Intl.Collator(locale);
  return countries
    .map((country) => ({ value: country.alpha2, label: names.of(country.alpha2) ?? country.countryName }))
    .sort((left, right) => collator.compare(left.label, right.label));
}
