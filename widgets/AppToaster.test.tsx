import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './AppToaster.stories';
import { dismissPageToasts, NEW_VERSION_TOAST_MS, showError, showNewVersion, showUnknownError, toaster } from './toaster';

/** "open" while shown, "closed" once dismissed (it leaves the DOM after its exit delay). */
const toastState = (text: string) => screen.getByText(text).closest('[data-part="root"]')?.getAttribute('data-state');

const { ErrorToast, SuccessToast, UnknownError, NewVersion } = composeStories(stories);

describe('toasts', () => {
  it('shows an error message as a red toast at the top, at the end side (clear of a dialog title)', async () => {
    render(<ErrorToast />);
    fireEvent.click(screen.getByRole('button', { name: 'showError' }));
    const title = await screen.findByText('No se pudo guardar el registro');
    const root = title.closest('[data-part="root"]');
    expect(root?.getAttribute('data-type')).toBe('error');
    expect(root?.closest('[data-placement]')?.getAttribute('data-placement')).toBe('top-end');
  });

  it("a page change drops the previous page's message toasts, not one shown just before it", async () => {
    render(<ErrorToast />);
    act(() => void showError('Error de la página anterior'));
    expect(await screen.findByText('Error de la página anterior')).toBeTruthy();
    act(() => dismissPageToasts(Date.now() + 60_000));
    await waitFor(() => expect(toastState('Error de la página anterior')).toBe('closed'));
    act(() => void showError('Error recién mostrado'));
    act(() => dismissPageToasts());
    expect(toastState('Error recién mostrado')).toBe('open');
  });

  it('shows a success message', async () => {
    render(<SuccessToast />);
    fireEvent.click(screen.getByRole('button', { name: 'showSuccess' }));
    expect(await screen.findByText('Registro guardado')).toBeTruthy();
  });

  it('unknown error: Report calls back, then closes', async () => {
    render(<UnknownError />);
    const onReport = vi.fn();
    act(() => void showUnknownError({ onReport }));
    expect(await screen.findByText('Ocurrió un error desconocido')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reportar' }));
    expect(onReport).toHaveBeenCalledOnce();
    await waitFor(() => expect(toastState('Ocurrió un error desconocido')).toBe('closed'));
  });

  it('unknown error: Close closes without reporting', async () => {
    render(<UnknownError />);
    const onReport = vi.fn();
    act(() => void showUnknownError({ onReport }));
    await screen.findByText('Ocurrió un error desconocido');
    expect(toastState('Ocurrió un error desconocido')).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(toastState('Ocurrió un error desconocido')).toBe('closed'));
    expect(onReport).not.toHaveBeenCalled();
  });

  it('new version notice lasts 10 s and offers Refresh', async () => {
    render(<NewVersion />);
    const onRefresh = vi.fn();
    act(() => void showNewVersion({ onRefresh }));
    expect(await screen.findByText('Hay contenido nuevo disponible, por favor actualice la página')).toBeTruthy();
    expect(NEW_VERSION_TOAST_MS).toBe(10_000);
    expect(toaster.getVisibleToasts()[0]?.duration).toBe(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});
