import { useEffect, useState } from 'react';

/** Spec section 9: a typeahead asks the server 250 ms after typing stops. */
export const TYPEAHEAD_DEBOUNCE_MS = 250;

/**
 * `value` as it was `delayMs` after it last changed: a search box updates its text at once and asks the server
 * with the debounced value, so that typing "mara" sends one request instead of four.
 */
export function useDebouncedValue<Value>(value: Value, delayMs: number = TYPEAHEAD_DEBOUNCE_MS): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
