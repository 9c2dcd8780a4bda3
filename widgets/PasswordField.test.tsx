import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './PasswordField.stories';

const { Hidden, Visible } = composeStories(stories);

describe('PasswordField', () => {
  it('is labelled by its field and hides the text until asked', () => {
    render(<Hidden />);
    const input = screen.getByLabelText('Contraseña') as HTMLInputElement;
    expect(input.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Mostrar contraseña' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('can start visible', () => {
    render(<Visible />);
    expect((screen.getByLabelText('Contraseña') as HTMLInputElement).type).toBe('text');
  });

  it('forwards ref and props to the input', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Hidden ref={ref} name="pw" />);
    expect(ref.current).toBe(screen.getByLabelText('Contraseña'));
    expect(ref.current?.name).toBe('pw');
    expect(ref.current?.value).toBe('S3creta!');
  });
});
