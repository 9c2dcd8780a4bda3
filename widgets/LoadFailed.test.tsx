/** A failed read says why in the user's language and offers to try again. */
import { expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './LoadFailed.stories';

const { Offline, Unknown, Page } = composeStories(stories);

it('says the failure\'s own text and retries', () => {
  render(<Offline />);
  expect(screen.getByRole('alert').textContent).toContain('No se pudo conectar con el servidor.');
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(Offline.args.onRetry).toHaveBeenCalledOnce();
});

it('says it could not load when the failure has no text of its own', () => {
  render(<Unknown />);
  expect(screen.getByText('No se pudo cargar. Revise la conexión y vuelva a intentarlo.')).toBeTruthy();
});

it('is a page\'s message with a title', () => {
  render(<Page />);
  expect(screen.getByRole('heading', { level: 1, name: 'No se pudo cargar' })).toBeTruthy();
  expect(screen.getByText(/La base de datos no está disponible/)).toBeTruthy();
});
