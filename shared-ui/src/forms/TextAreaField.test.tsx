// @vitest-environment jsdom
import { courseSourcesText, i18n } from '@dash/shared-core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { TextAreaField } from './TextAreaField';

function Form() {
  const [value, setValue] = useState('');
  return (
    <I18nextProvider i18n={i18n}>
      <TextAreaField
        label="Quellen"
        hint="Eine je Zeile"
        value={value}
        onChange={setValue}
        rules={[courseSourcesText]}
      />
    </I18nextProvider>
  );
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe('TextAreaField', () => {
  it('is labelled, described by its hint, and shows its rule’s message only after a touch', () => {
    render(<Form />);
    const field = screen.getByLabelText('Quellen') as HTMLTextAreaElement;
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.getAttribute('aria-describedby')).toContain('-hint');
    fireEvent.change(field, { target: { value: 'https://cdn.vendor.example\ndata:' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toContain('data:');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'https://cdn.vendor.example\nhttps://*.fonts.example' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
