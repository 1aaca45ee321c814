// @vitest-environment jsdom
import { i18n } from '@dash/shared-core';
import { zipcode } from '@dash/shared-core/postal';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { CheckboxField, DateField, SelectField } from './Fields';
import { TextField } from './TextField';

function Form() {
  const [country, setCountry] = useState('DE');
  const [postal, setPostal] = useState('');
  const [date, setDate] = useState('');
  const [agree, setAgree] = useState(false);
  return (
    <I18nextProvider i18n={i18n}>
      <SelectField
        label="Country"
        value={country}
        onChange={setCountry}
        options={[
          { value: 'DE', label: 'Germany' },
          { value: 'AT', label: 'Austria' },
        ]}
      />
      <TextField label="Postal code" value={postal} onChange={setPostal} required rules={[zipcode(() => country)]} />
      <DateField label="Due" value={date} onChange={setDate} min="2024-01-01" max="2024-12-31" />
      <CheckboxField label="Agree" checked={agree} onChange={setAgree} required />
    </I18nextProvider>
  );
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe('form fields', () => {
  it('marks required fields and shows errors only after a touch', () => {
    render(<Form />);
    expect(
      screen.getByText('Postal code').closest('.ui-field__label-row')?.querySelector('.ui-field__required'),
    ).toBeTruthy();
    const postal = screen.getByLabelText(/Postal code/);
    fireEvent.change(postal, { target: { value: '1010' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(postal);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a postal code that is valid for the country.');
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'AT' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('date fields check minDate and maxDate, checkboxes their required tick', () => {
    render(<Form />);
    const due = screen.getByLabelText('Due');
    fireEvent.change(due, { target: { value: '2025-01-01' } });
    fireEvent.blur(due);
    expect(screen.getByRole('alert').textContent).toBe('The date must not be after 31 Dec 2024.');
    fireEvent.change(due, { target: { value: '2024-06-01' } });
    expect(screen.queryByRole('alert')).toBeNull();
    const agree = screen.getByLabelText(/Agree/);
    fireEvent.blur(agree);
    expect(screen.getByRole('alert').textContent).toBe('The field "Agree" is required');
    fireEvent.click(agree);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
