import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './AuthCard.stories';

const { LoginLike } = composeStories(stories);

describe('AuthCard', () => {
  it('is the main landmark with the app name, a heading, the content and the footer', () => {
    render(<LoginLike />);
    const main = screen.getByRole('main');
    expect(within(main).getByText('Flujos')).toBeTruthy();
    expect(within(main).getByRole('heading', { level: 1, name: 'Ingresar' })).toBeTruthy();
    expect(within(main).getByLabelText(/Usuario/)).toBeTruthy();
    expect(within(main).getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeTruthy();
  });
});
