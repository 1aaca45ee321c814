// @vitest-environment jsdom
import { i18n } from '@dash/shared-core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../test/deferred';
import { initTestI18n } from '../test/i18n';
import { useToastStore } from '../toasts/toastStore';
import { DownloadButton } from './DownloadButton';

function renderButton(download: () => Promise<void>, doneMessage?: string) {
  render(
    <I18nextProvider i18n={i18n}>
      <DownloadButton label="Export" download={download} doneMessage={doneMessage} testId="export" />
    </I18nextProvider>,
  );
  return screen.getByTestId('export') as HTMLButtonElement;
}

const toasts = () => useToastStore.getState().toasts.map((toast) => [toast.type, toast.title, toast.message]);

describe('DownloadButton', () => {
  beforeAll(async () => {
    await initTestI18n();
    await i18n.changeLanguage('en_GB');
  });
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(cleanup);

  it('is disabled while the file is made and says so when it is saved', async () => {
    const file = deferred();
    const download = vi.fn(() => file.promise);
    const button = renderButton(download, 'Saved.');
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(download).toHaveBeenCalledTimes(1);
    await act(async () => file.resolve());
    expect(button.disabled).toBe(false);
    expect(toasts()).toEqual([['success', 'Success', 'Saved.']]);
  });

  it('without a done message stays quiet on success; a failure shows a danger toast and the button again', async () => {
    const ok = renderButton(async () => undefined);
    await act(async () => fireEvent.click(ok));
    expect(toasts()).toEqual([]);
    cleanup();
    const file = deferred();
    const button = renderButton(() => file.promise, 'Saved.');
    fireEvent.click(button);
    await act(async () => file.reject(new Error('offline')));
    expect(button.disabled).toBe(false);
    expect(toasts()).toEqual([['danger', 'Error', 'Unknown error. Please check your internet connection.']]);
  });
});
