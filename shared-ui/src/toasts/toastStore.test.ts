import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, TOAST_SECONDS, useToastStore } from './toastStore';

describe('toasts (spec section 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('closes success, info and warning after 5 s and danger after 30 s', () => {
    expect(TOAST_SECONDS).toEqual({ success: 5, info: 5, warning: 5, danger: 30 });
    showToast({ type: 'success', title: 'OK', message: 'saved' });
    showToast({ type: 'danger', title: 'Error', message: 'failed' });
    vi.advanceTimersByTime(4999);
    expect(useToastStore.getState().toasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts.map((toast) => toast.type)).toEqual(['danger']);
    vi.advanceTimersByTime(25_000);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('shows the same message once while it is on screen', () => {
    showToast({ type: 'danger', title: 'Error', message: 'same' });
    showToast({ type: 'danger', title: 'Error', message: 'same' });
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  it('can be closed by hand', () => {
    const id = showToast({ type: 'info', title: 'Info', message: 'hello' });
    useToastStore.getState().dismiss(id);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
