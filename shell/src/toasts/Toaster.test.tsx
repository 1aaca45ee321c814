// @vitest-environment jsdom
import { i18n } from '@dash/shared-core';
import { useToastStore } from '@dash/shared-ui';
import { initTestI18n } from '@dash/shared-ui/test/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from './Toaster';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  useToastStore.setState({ toasts: [] });
});

describe('Toaster', () => {
  it("shows a failed call's error id as a line of its own under the message", () => {
    useToastStore.setState({
      toasts: [
        { id: 1, type: 'danger', title: 'Fehler', message: 'Interner Fehler.', detail: 'Fehler-ID: abc-12345678' },
        { id: 2, type: 'success', title: 'Erfolg', message: 'Gespeichert.' },
      ],
    });
    render(
      <I18nextProvider i18n={i18n}>
        <Toaster />
      </I18nextProvider>,
    );
    const details = screen.getAllByTestId('toast-detail');
    expect(details.map((element) => element.textContent)).toEqual(['Fehler-ID: abc-12345678']);
    expect(screen.getByTestId('toast-danger').textContent).toContain('Interner Fehler.');
  });
});
