// @vitest-environment jsdom
import { i18n } from '@dash/shared-core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred } from '../test/deferred';
import { initTestI18n } from '../test/i18n';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ConfirmDialog
        open
        onClose={onClose}
        title="Delete template?"
        text={['"Plan" is deleted.', 'This cannot be undone.']}
        confirmLabel="Delete"
        onConfirm={async () => undefined}
        {...props}
      />
    </I18nextProvider>,
  );
  return { onClose, confirm: () => screen.getByRole('button', { name: 'Delete' }) };
}

describe('ConfirmDialog', () => {
  beforeAll(async () => {
    await initTestI18n();
    await i18n.changeLanguage('en_GB');
  });
  afterEach(cleanup);

  it('shows the title, one paragraph per text and cancel before the confirm button; cancel closes', () => {
    const { onClose } = renderDialog({ variant: 'danger' });
    expect(screen.getByRole('dialog', { name: 'Delete template?' })).toBeTruthy();
    expect(screen.getAllByRole('paragraph').map((paragraph) => paragraph.textContent)).toEqual([
      '"Plan" is deleted.',
      'This cannot be undone.',
    ]);
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.slice(-2)).toEqual(['Cancel', 'Delete']);
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('ui-button--danger');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is busy until the action settles: a second press does nothing, the button keeps the focus', async () => {
    const action = deferred();
    const onConfirm = vi.fn(() => action.promise);
    const { confirm } = renderDialog({ onConfirm });
    confirm().focus();
    fireEvent.click(confirm());
    fireEvent.click(confirm());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirm().getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(confirm());
    await act(async () => action.resolve());
    expect(confirm().getAttribute('aria-disabled')).toBeNull();
  });

  it('stays open and can be pressed again after the action failed', async () => {
    const action = deferred();
    const onConfirm = vi.fn(() => action.promise);
    const { confirm, onClose } = renderDialog({ onConfirm });
    fireEvent.click(confirm());
    await act(async () => action.reject(new Error('refused')));
    expect(onClose).not.toHaveBeenCalled();
    expect(confirm().getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(confirm());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('does not confirm while the caller is busy or the confirmation is not possible yet', () => {
    const onConfirm = vi.fn(async () => undefined);
    const { confirm } = renderDialog({ onConfirm, confirmDisabled: true });
    expect((confirm() as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    const busy = renderDialog({ onConfirm, busy: true });
    fireEvent.click(busy.confirm());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
