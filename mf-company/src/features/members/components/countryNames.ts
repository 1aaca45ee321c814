import { OFFERED_COUNTRIES } from '@dash/shared-core';

/**
 * The address countries of the member form: the offered ones (spec: AT and DE), plus a member's stored country
 * outside them (an import or an older record), so that opening and saving the form does not change it unseen.
 * Named in the page's language ("Deutschland", "Germany") and sorted as that language sorts.
 */
export function countryOptions(
  locale: string,
  current?: string | null,
  offered: readonly string[] = OFFERED_COUNTRIES,
): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const codes = current && !offered.includes(current) ? [...offered, current] : offered;
  return [...new Set(codes)]
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((left, right) => collator.compare(left.label, right.label));
}
