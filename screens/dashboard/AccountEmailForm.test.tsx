/** The user's e-mail: when it could not be read, the card says so with a retry, not an empty field to fill in. */
import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError, REQUEST_TIMEOUT } from '../../engine/api/client';
import { UiProvider } from '../../widgets/UiProvider';
import { api } from '../app/session';
import { AccountEmailForm } from './AccountEmailForm';

afterEach(() => vi.restoreAllMocks());

it('says a failed read failed, and "Reintentar" shows the e-mail', async () => {
  let tries = 0;
  vi.spyOn(api, 'post').mockImplementation(async (path: string) => {
    if (path === 'user/account' && ++tries === 1) throw new ApiError(0, path, REQUEST_TIMEOUT, '');
    return { email: 'carla@example.com' } as never;
  });
  render(
    <UiProvider>
      <AccountEmailForm />
    </UiProvider>,
  );
  expect((await screen.findByRole('alert')).textContent).toContain('El servidor no respondió a tiempo.');
  expect(screen.queryByRole('textbox', { name: /Correo electrónico/ })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(((await screen.findByRole('textbox', { name: /Correo electrónico/ })) as HTMLInputElement).value).toBe('carla@example.com');
  expect(screen.queryByRole('alert')).toBeNull();
});
