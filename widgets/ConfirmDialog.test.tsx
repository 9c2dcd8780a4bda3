import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './ConfirmDialog.stories';

const { LeaveWithoutSaving, Danger } = composeStories(stories);

// jsdom lays nothing out; the dialog's focus trap takes an element without boxes for hidden (as in ModalFocus.test.tsx)
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    return (this.isConnected ? [new DOMRect(0, 0, 10, 10)] : []) as unknown as DOMRectList;
  });
});

describe('ConfirmDialog', () => {
  it('asks with its title and text, focuses the answer asked for, and each button answers', async () => {
    const stay = vi.fn();
    const leave = vi.fn();
    render(<LeaveWithoutSaving primary={{ label: 'Seguir editando', onClick: stay, autoFocus: true }} secondary={{ label: 'Salir sin guardar', onClick: leave }} />);
    expect(await screen.findByRole('dialog', { name: 'Cambios sin guardar' })).toBeTruthy();
    expect(screen.getByText('Hay cambios sin guardar. ¿Salir sin guardarlos?')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Seguir editando' })));
    fireEvent.click(screen.getByRole('button', { name: 'Salir sin guardar' }));
    expect(leave).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(stay).toHaveBeenCalledOnce();
  });

  it('answers Escape as the secondary does, or as onClose says', async () => {
    const cancel = vi.fn();
    const { unmount } = render(<Danger secondary={{ label: 'Cancelar', onClick: cancel, autoFocus: true }} />);
    fireEvent.keyDown(await screen.findByRole('dialog', { name: '¿Liberar el registro?' }), { key: 'Escape' });
    await waitFor(() => expect(cancel).toHaveBeenCalled());
    unmount();
    const close = vi.fn();
    const leave = vi.fn();
    render(<LeaveWithoutSaving onClose={close} secondary={{ label: 'Salir sin guardar', onClick: leave }} />);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(leave).not.toHaveBeenCalled();
  });

  it('focuses cancelling before a step that cannot be taken back, and shows nothing while closed', async () => {
    const { unmount } = render(<Danger />);
    await screen.findByRole('button', { name: 'Liberar' });
    // the safe answer is the focused one: Enter right away does not release
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' })));
    unmount();
    render(<Danger open={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
