// @vitest-environment jsdom
import { i18n } from '@dash/shared-core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// A translated label from another block's texts: the dialog's "OK".
import '../dialog/texts';
import { initTestI18n } from '../test/i18n';
import { DROPDOWN_REPOSITION_DEBOUNCE_MS, Dropdown, type DropdownItem, nextEnabledIndex } from './Dropdown';

const ITEMS: DropdownItem[] = [
  { label: 'Red', value: 'red' },
  { label: 'Green', value: 'green', disabled: true },
  { label: 'Blue', value: 'blue', icon: '●' },
  { label: 'dialog.ok', value: 'ok', translate: true },
];

function Single() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Dropdown label="Colour" items={ITEMS} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function Multi() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <Dropdown label="Colours" multiple max={2} items={ITEMS} value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const ui = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
const active = (combobox: HTMLElement) =>
  document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '')?.textContent;

beforeAll(initTestI18n);
afterEach(cleanup);

describe('Dropdown', () => {
  it('nextEnabledIndex wraps around and skips disabled items', () => {
    expect(nextEnabledIndex(ITEMS, 0, 1)).toBe(2);
    expect(nextEnabledIndex(ITEMS, 3, 1)).toBe(0);
    expect(nextEnabledIndex(ITEMS, 0, -1)).toBe(3);
    expect(nextEnabledIndex([{ disabled: true }], 0, 1)).toBe(-1);
  });

  it('is a combobox with a listbox: keyboard opens, moves with wrap-around, chooses and closes', () => {
    ui(<Single />);
    const combobox = screen.getByRole('combobox', { name: /Colour/ });
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(active(combobox)).toBe('Red');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(active(combobox)).toContain('Blue');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(active(combobox)).toBe('OK');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(active(combobox)).toBe('Red');
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    expect(active(combobox)).toBe('OK');
    fireEvent.keyDown(combobox, { key: ' ' });
    expect(screen.getByTestId('value').textContent).toBe('ok');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(combobox.textContent).toContain('OK');
  });

  it('Escape closes, a click toggles, disabled items cannot be chosen', () => {
    ui(<Single />);
    const combobox = screen.getByRole('combobox');
    fireEvent.click(combobox);
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Green' }));
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.getByRole('option', { name: 'Green' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(combobox);
    fireEvent.click(combobox);
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens above when there is no room below, re-checking 100 ms after the page stops scrolling or resizing', () => {
    vi.useFakeTimers();
    try {
      const { container } = ui(<Single />);
      const root = container.querySelector('.ui-dropdown') as HTMLElement;
      const list = screen.getByRole('listbox', { hidden: true });
      Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 300 });
      let top = 100;
      root.getBoundingClientRect = () => ({ top, bottom: top + 40 }) as DOMRect;
      fireEvent.click(screen.getByRole('combobox'));
      expect(list.className).toContain('ui-dropdown__list--below');
      // The toggle scrolls down to the bottom of the window: the list will not fit below it any more.
      top = window.innerHeight - 60;
      fireEvent.scroll(window);
      fireEvent.scroll(window);
      act(() => {
        vi.advanceTimersByTime(DROPDOWN_REPOSITION_DEBOUNCE_MS - 1);
      });
      expect(list.className).toContain('ui-dropdown__list--below');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(DROPDOWN_REPOSITION_DEBOUNCE_MS).toBe(100);
      expect(list.className).toContain('ui-dropdown__list--above');
      top = 100;
      fireEvent(window, new Event('resize'));
      act(() => {
        vi.advanceTimersByTime(DROPDOWN_REPOSITION_DEBOUNCE_MS);
      });
      expect(list.className).toContain('ui-dropdown__list--below');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows item icons and translated labels', () => {
    ui(<Single />);
    fireEvent.click(screen.getByRole('combobox'));
    expect(screen.getByRole('option', { name: 'Blue' }).querySelector('.ui-dropdown__icon')?.textContent).toBe('●');
    expect(screen.getByRole('option', { name: 'OK' })).toBeTruthy();
  });

  it('multi-select toggles entries until max and stays open', () => {
    ui(<Multi />);
    const combobox = screen.getByRole('combobox');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('red,blue');
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('red,blue');
    expect(screen.getByText('At most 2 entries can be chosen.')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: /Red/ }));
    expect(screen.getByTestId('value').textContent).toBe('blue');
  });

  it('multi-select by keyboard: at the maximum the other entries are refused until one is unchosen', () => {
    ui(<Multi />);
    const combobox = screen.getByRole('combobox');
    const option = (name: RegExp) => screen.getByRole('option', { name, hidden: true });
    // Space opens on the first entry; Space toggles; arrows wrap around past the disabled entry.
    fireEvent.keyDown(combobox, { key: ' ' });
    expect(active(combobox)).toContain('Red');
    fireEvent.keyDown(combobox, { key: ' ' });
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    expect(active(combobox)).toContain('OK');
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('red,ok');
    expect(option(/Blue/).getAttribute('aria-disabled')).toBe('true');
    expect(option(/Red/).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    expect(active(combobox)).toContain('Blue');
    fireEvent.keyDown(combobox, { key: ' ' });
    expect(screen.getByTestId('value').textContent).toBe('red,ok');
    // Unchoosing one frees a place.
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('red');
    expect(option(/Blue/).getAttribute('aria-disabled')).toBeNull();
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('red,blue');
    expect(combobox.textContent).toContain('Red, Blue');
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
  });

  it('multi-select without a maximum (0) takes every entry that is not disabled', () => {
    function Unlimited() {
      const [value, setValue] = useState<string[]>([]);
      return (
        <>
          <Dropdown label="Colours" multiple max={0} items={ITEMS} value={value} onChange={setValue} />
          <output data-testid="value">{value.join(',')}</output>
        </>
      );
    }
    ui(<Unlimited />);
    fireEvent.click(screen.getByRole('combobox'));
    for (const name of [/Red/, /Green/, /Blue/, /OK/]) fireEvent.click(screen.getByRole('option', { name }));
    expect(screen.getByTestId('value').textContent).toBe('red,blue,ok');
    expect(screen.getByRole('combobox').textContent).toContain('3 selected');
  });
});
