/**
 * Where a dialog puts the focus: a form's first field once it is there, a question's safe button (or its primary
 * when nothing is at risk), never the window controls; closed, back where it was.
 */
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './Modal.stories';

const { Normal, FormReadLate, ConfirmDelete, ConfirmLeave, Notice } = composeStories(stories);

// jsdom lays nothing out; the dialog's focus trap takes an element without boxes for hidden
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    return (this.isConnected ? [new DOMRect(0, 0, 10, 10)] : []) as unknown as DOMRectList;
  });
});

const focused = () => document.activeElement as HTMLElement | null;
const windowControls = () => ['Maximizar', 'Cerrar'].map((name) => screen.getByRole('button', { name }));

describe('the first focus of a dialog', () => {
  it("a question whose primary destroys: on the button that keeps things as they are", async () => {
    render(<ConfirmDelete />);
    const cancel = await screen.findByRole('button', { name: 'Cancelar' });
    await waitFor(() => expect(focused()).toBe(cancel));
  });

  it('a question whose safe answer is its primary: on it', async () => {
    render(<ConfirmLeave />);
    const stay = await screen.findByRole('button', { name: 'Seguir editando' });
    await waitFor(() => expect(focused()).toBe(stay));
  });

  it('a notice: on its primary', async () => {
    render(<Notice />);
    const done = await screen.findByRole('button', { name: 'Listo' });
    await waitFor(() => expect(focused()).toBe(done));
  });

  it('a form read after it opened: on its first field once there, never on the window controls meanwhile', async () => {
    render(<FormReadLate />);
    await screen.findByText('Cargando…');
    await waitFor(() => expect(focused()?.closest('[role="dialog"]')).toBeTruthy());
    expect(windowControls()).not.toContain(focused());
    const field = await screen.findByRole('textbox', { name: 'Nombre' });
    await waitFor(() => expect(focused()).toBe(field));
  });

  it('with no field and no buttons: on its body, not on the window controls', async () => {
    render(<Normal />);
    await screen.findByRole('dialog');
    await waitFor(() => expect(focused()?.closest('[role="dialog"]')).toBeTruthy());
    expect(windowControls()).not.toContain(focused());
  });
});

describe('closing a question', () => {
  it('with Escape gives the focus back to where it was before it opened', async () => {
    function Page() {
      const [asking, setAsking] = useState(false);
      return (
        <>
          <textarea aria-label="Descripción" />
          <button type="button" onClick={() => setAsking(true)} tabIndex={-1}>
            back
          </button>
          {asking && <ConfirmLeave onClose={() => setAsking(false)} />}
        </>
      );
    }
    render(<Page />);
    const text = screen.getByRole('textbox', { name: 'Descripción' });
    act(() => text.focus());
    // as a blocked Back opens it: the focus stays in the field meanwhile
    act(() => screen.getByRole('button', { name: 'back' }).click());
    expect(focused()).toBe(text);
    const stay = await screen.findByRole('button', { name: 'Seguir editando' });
    await waitFor(() => expect(focused()).toBe(stay));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focused()).toBe(text));
  });
});
