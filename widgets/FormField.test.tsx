import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './FormField.stories';

const { Default, Required, WithError } = composeStories(stories);

describe('FormField', () => {
  it('points the label at the input, with the helper text', () => {
    render(<Default />);
    const input = screen.getByLabelText('Correo electrónico') as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    expect(input.name).toBe('email');
    const label = screen.getByText('Correo electrónico').closest('label');
    expect(label?.htmlFor).toBe(input.id);
    expect(screen.getByText('Le enviaremos un enlace de recuperación.')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Le enviaremos un enlace de recuperación.');
  });

  it('marks the input required', () => {
    render(<Required />);
    expect((screen.getByLabelText(/Correo electrónico/) as HTMLInputElement).required).toBe(true);
  });

  it('shows the error and marks the input invalid', () => {
    render(<WithError />);
    const input = screen.getByLabelText(/Correo electrónico/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('El campo es obligatorio')).toBeTruthy();
    // read by screen readers with the field, as its help would be
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('El campo es obligatorio');
  });
});
