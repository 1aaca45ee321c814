// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_DEBOUNCE_MS, useDebouncedValue } from './useDebouncedValue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('answers the first value at once and a new one only after the delay since the last change', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), { initialProps: { value: '' } });
    expect(result.current).toBe('');
    rerender({ value: 'ma' });
    act(() => vi.advanceTimersByTime(TYPEAHEAD_DEBOUNCE_MS - 50));
    rerender({ value: 'mara' });
    act(() => vi.advanceTimersByTime(TYPEAHEAD_DEBOUNCE_MS - 1));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('mara');
  });

  it('takes its own delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 500), {
      initialProps: { value: 1 },
    });
    rerender({ value: 2 });
    act(() => vi.advanceTimersByTime(TYPEAHEAD_DEBOUNCE_MS));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(250));
    expect(result.current).toBe(2);
  });
});
