/** A refused call's toast (spec §8): its code's text, and for a row that could not be deleted, who uses it. */
import { afterEach, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { ApiError } from '../../engine/api/client';
import { AppToaster } from '../../widgets/AppToaster';
import { UiProvider } from '../../widgets/UiProvider';
import { reportFailure } from './feedback';

afterEach(() => void i18next.changeLanguage('es'));

const refused = () =>
  new ApiError(409, '/api/articulo/delete/7', 'REGISTRO_REFERENCIADO', 'x', [
    { field: 'items.articulo', code: 'referencedBy', params: { entity: 'registro', count: 3 } },
    { field: 'articulo', code: 'referencedBy', params: { entity: 'stock_movimiento', count: 4 } },
  ]);

it('says which rows use a row that could not be deleted, in the user\'s language', async () => {
  render(
    <UiProvider>
      <AppToaster />
    </UiProvider>,
  );
  act(() => reportFailure(refused()));
  expect((await screen.findAllByText('No se puede borrar: otros registros lo usan. En uso en: Registro (3), Movimientos de stock (4).')).length).toBeGreaterThan(0);
  await act(() => i18next.changeLanguage('en'));
  act(() => reportFailure(refused()));
  expect((await screen.findAllByText('It cannot be deleted: other records use it. In use in: Record (3), Stock movements (4).')).length).toBeGreaterThan(0);
});

it('says only its code\'s text for another refusal', async () => {
  render(
    <UiProvider>
      <AppToaster />
    </UiProvider>,
  );
  act(() => reportFailure(new ApiError(409, '/api/x', 'VERSION_CONFLICT', 'x')));
  const text = i18next.t('errors.VERSION_CONFLICT');
  expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
});
