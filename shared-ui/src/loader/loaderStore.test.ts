import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADER_HIDE_DELAY_MS, loaderToShow, useLoaderStore } from './loaderStore';

describe('loader (spec section 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useLoaderStore.setState({ active: { logIn: 0, save: 0, load: 0 }, visible: 'hide', errorCode: null });
  });
  afterEach(() => vi.useRealTimers());

  it('shows logIn before save before load, otherwise hide', () => {
    expect(loaderToShow({ logIn: 1, save: 1, load: 1 })).toBe('logIn');
    expect(loaderToShow({ logIn: 0, save: 2, load: 1 })).toBe('save');
    expect(loaderToShow({ logIn: 0, save: 0, load: 1 })).toBe('load');
    expect(loaderToShow({ logIn: 0, save: 0, load: 0 })).toBe('hide');
  });

  it('switches to the more important loader at once and back when it ends', () => {
    const loader = useLoaderStore.getState();
    loader.start('load');
    expect(useLoaderStore.getState().visible).toBe('load');
    loader.start('save');
    expect(useLoaderStore.getState().visible).toBe('save');
    loader.stop('save');
    expect(useLoaderStore.getState().visible).toBe('load');
  });

  it('hides 250 ms after the last loader ends, not before', () => {
    const loader = useLoaderStore.getState();
    loader.start('load');
    loader.stop('load');
    expect(useLoaderStore.getState().visible).toBe('load');
    vi.advanceTimersByTime(LOADER_HIDE_DELAY_MS - 1);
    expect(useLoaderStore.getState().visible).toBe('load');
    vi.advanceTimersByTime(1);
    expect(useLoaderStore.getState().visible).toBe('hide');
  });

  it('a new call within the delay keeps the loader without flicker', () => {
    const loader = useLoaderStore.getState();
    loader.start('load');
    loader.stop('load');
    vi.advanceTimersByTime(100);
    loader.start('load');
    vi.advanceTimersByTime(LOADER_HIDE_DELAY_MS);
    expect(useLoaderStore.getState().visible).toBe('load');
  });

  it('an error hides every loader at once and keeps the error code', () => {
    const loader = useLoaderStore.getState();
    loader.start('save');
    loader.start('load');
    loader.fail('Member.NotFound');
    expect(useLoaderStore.getState().visible).toBe('hide');
    expect(useLoaderStore.getState().errorCode).toBe('Member.NotFound');
    loader.start('load');
    expect(useLoaderStore.getState().errorCode).toBeNull();
  });
});
