/**
 * The browser's Back is held while a form has typed data however its list was opened: an address typed in the bar
 * makes an entry the hash router did not number (./historyIndex.ts), and Back to it must still ask.
 */
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { UiProvider } from '../../widgets/UiProvider';
import { LeaveDialog } from '../execution/LeaveDialog';
import { useLeaveGuard } from '../execution/useLeaveGuard';
import { createAppRouter } from './router';
import { numberBrowserEntries } from './historyIndex';

function Form() {
  const [text, setText] = useState('');
  const guard = useLeaveGuard(text !== '');
  return (
    <>
      <h1>Artículo</h1>
      <textarea aria-label="Descripción" value={text} onChange={(e) => setText(e.target.value)} />
      <LeaveDialog blocker={guard.blocker} />
    </>
  );
}

const routes = [
  { path: '/', element: <h1>Inicio</h1> },
  { path: '/backOffice/stock', element: <h1>Artículos</h1> },
  { path: '/backOffice/stock/:id', element: <Form /> },
];

/** An address typed in the bar, as Chromium does it: no page load, a new entry with no state, and popstate. */
async function typeAddress(hash: string) {
  await act(async () => {
    window.history.pushState(null, '', hash);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  });
}

const back = () => act(async () => window.history.back());
let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('an entry the browser made', () => {
  it('is numbered after the one it was typed over, also when the router had pushed that one, and has a key of its own', async () => {
    window.history.replaceState({ idx: 4 }, '', '#/a');
    const entries = numberBrowserEntries();
    stop = entries.stop;
    window.history.pushState(null, '', '#/b');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(window.history.state).toEqual({ idx: 5, key: expect.stringMatching(/^[a-z0-9]+$/) });
    const first = (window.history.state as { key: string }).key;
    // an entry of the router's keeps its number, and the next browser entry follows it
    window.history.pushState({ idx: 9 }, '', '#/c');
    entries.follow();
    window.history.pushState({ keptList: 1 }, '', '#/d');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(window.history.state).toEqual({ keptList: 1, idx: 10, key: expect.stringMatching(/^[a-z0-9]+$/) });
    // each a visit of its own (React Router's location.key), not the "default" of every entry without one
    expect((window.history.state as { key: string }).key).not.toBe(first);
  });

  it('a list opened by address: Back from its form with typed data asks; stay keeps the text, leave goes back', async () => {
    window.history.replaceState(null, '', '#/');
    const router = createAppRouter(routes);
    stop = () => router.dispose();
    render(
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>,
    );
    await screen.findByRole('heading', { name: 'Inicio' });
    await typeAddress('#/backOffice/stock');
    await screen.findByRole('heading', { name: 'Artículos' });
    await act(() => router.navigate('/backOffice/stock/7'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Descripción' }), { target: { value: 'a medio escribir' } });

    await back();
    const ask = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await waitFor(() => expect(window.location.hash).toBe('#/backOffice/stock/7'));
    fireEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Descripción' }) as HTMLTextAreaElement).value).toBe('a medio escribir');
    expect(window.location.hash).toBe('#/backOffice/stock/7');

    await back();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cambios sin guardar' })).getByRole('button', { name: 'Salir sin guardar' }));
    await screen.findByRole('heading', { name: 'Artículos' });
    await waitFor(() => expect(window.location.hash).toBe('#/backOffice/stock'));
  });
});
