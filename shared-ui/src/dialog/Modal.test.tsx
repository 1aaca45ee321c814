// @vitest-environment jsdom
import { i18n } from '@dash/shared-core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { Dialog, MODAL_CLOSE_FALLBACK_MS, ModalFooter, modalWidth } from './Modal';

function Page({
  onConfirm = () => {},
  cancel = true,
  width,
}: {
  onConfirm?: () => void;
  cancel?: boolean;
  width?: number;
}) {
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState(0);
  return (
    <I18nextProvider i18n={i18n}>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClosed={() => setClosed((count) => count + 1)}
        headline="Delete members?"
        texts={['This cannot be undone.']}
        list={['Anna', 'Ben']}
        width={width}
        cancel={cancel}
        buttons={[{ label: 'Delete now', variant: 'danger', onClick: onConfirm }]}
      />
      <output data-testid="closed">{closed}</output>
    </I18nextProvider>
  );
}

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Dialog', () => {
  it('widths are 30, 40 or 50 rem, anything else 30', () => {
    expect([30, 40, 50, 45, undefined].map(modalWidth)).toEqual([30, 40, 50, 30, 30]);
  });

  it('shows headline, texts, list and buttons with cancel; focus moves in, is trapped and returns', () => {
    vi.useFakeTimers();
    render(<Page width={40} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete members?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.style.width).toContain('40rem');
    expect(screen.getByText('This cannot be undone.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Anna', 'Ben']);
    const close = screen.getByRole('button', { name: 'Close' });
    const confirm = screen.getByRole('button', { name: 'Delete now' });
    expect(document.activeElement).toBe(close);
    confirm.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(document.querySelector('.ui-modal')?.getAttribute('data-phase')).toBe('closing');
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_FALLBACK_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('closed').textContent).toBe('1');
    expect(document.activeElement).toBe(opener);
  });

  it('closes on animation end, and the cancel button can be switched off', () => {
    render(<Page cancel={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.animationEnd(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the cancel button closes', () => {
    vi.useFakeTimers();
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_FALLBACK_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ModalFooter', () => {
  it('cancel first; with a form id the primary button submits that form, else it runs onClick', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onClick = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <form id="footer-form" onSubmit={onSubmit} />
        <div data-testid="form-footer">
          <ModalFooter onCancel={onCancel} form="footer-form" label="Save" testId="save" />
        </div>
        <div data-testid="action-footer">
          <ModalFooter onCancel={onCancel} label="Assign" onClick={onClick} />
        </div>
        <ModalFooter onCancel={onCancel} label="Busy" onClick={onClick} disabled />
      </I18nextProvider>,
    );
    const formButtons = screen.getByTestId('form-footer').querySelectorAll('button');
    expect([...formButtons].map((button) => [button.textContent, button.type])).toEqual([
      ['Cancel', 'button'],
      ['Save', 'submit'],
    ]);
    fireEvent.click(screen.getByTestId('save'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Busy' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' })[0] as HTMLElement);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
