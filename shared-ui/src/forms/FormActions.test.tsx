// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormActions } from './FormActions';

afterEach(cleanup);

describe('FormActions', () => {
  it('puts further actions before the submit button, which submits the form unless disabled', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <FormActions label="Save" testId="save">
          <button type="button">Back</button>
        </FormActions>
      </form>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Back', 'Save']);
    fireEvent.click(screen.getByTestId('save'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <form onSubmit={onSubmit}>
        <FormActions label="Save" testId="save" disabled />
      </form>,
    );
    expect((screen.getByTestId('save') as HTMLButtonElement).disabled).toBe(true);
  });
});
