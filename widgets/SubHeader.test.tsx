import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './SubHeader.stories';
import { exitAction, hasInAppHistory, HOME_ROUTE } from './SubHeader';

const { Default, WithEdit, Saving, NoHistory, NoHistoryHome, Dialog } = composeStories(stories);

const exit = () => fireEvent.click(screen.getByRole('button', { name: 'Salir' }));
const where = () => screen.getByTestId('location').textContent;

describe('exitAction', () => {
  it('closes a dialog, else goes back, else replaces with the route or home', () => {
    expect(exitAction({ dialog: true, hasHistory: true })).toEqual({ kind: 'close' });
    expect(exitAction({ hasHistory: true, exitTo: '/x' })).toEqual({ kind: 'back' });
    expect(exitAction({ hasHistory: false, exitTo: '/x' })).toEqual({ kind: 'replace', to: '/x' });
    expect(exitAction({ hasHistory: false })).toEqual({ kind: 'replace', to: HOME_ROUTE });
  });
});

describe('hasInAppHistory', () => {
  it("counts the hash router's own entries, not redirects nor the tab's earlier sites", () => {
    // a link opened logged out: login and the way back replaced the first entry
    expect(hasInAppHistory('k3j2', { state: { idx: 0, key: 'k3j2' }, length: 4 })).toBe(false);
    expect(hasInAppHistory('k3j2', { state: { idx: 2, key: 'k3j2' }, length: 3 })).toBe(true);
    // no number: a memory router, or an address typed by hand
    expect(hasInAppHistory('default', { state: null, length: 1 })).toBe(false);
    expect(hasInAppHistory('x1', { state: null, length: 1 })).toBe(true);
    expect(hasInAppHistory('default', { state: null, length: 2 })).toBe(true);
    // pushed after an entry the browser made: the router counts on from nothing
    expect(hasInAppHistory('k9', { state: { idx: NaN, key: 'k9' }, length: 5 })).toBe(true);
  });
});

describe('SubHeader', () => {
  it('shows the title and saves', () => {
    const onSave = vi.fn();
    render(<Default onSave={onSave} />);
    expect(screen.getByRole('heading', { name: 'Categoría' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('exit goes back in history', async () => {
    render(<Default />);
    expect(where()).toBe('/backOffice/categories/5');
    exit();
    await waitFor(() => expect(where()).toBe('/backOffice/categories'));
  });

  it('with no history, exit replaces the view with the given route, or home', async () => {
    render(<NoHistory />);
    exit();
    await waitFor(() => expect(where()).toBe('/backOffice/categories'));
  });

  it('with no history and no route, exit opens home', async () => {
    render(<NoHistoryHome />);
    exit();
    await waitFor(() => expect(where()).toBe(HOME_ROUTE));
  });

  it('in dialog mode exit calls onClose and does not navigate', () => {
    const onClose = vi.fn();
    render(<Dialog onClose={onClose} />);
    exit();
    expect(onClose).toHaveBeenCalledOnce();
    expect(where()).toBe('/backOffice/categories/5');
  });

  it('offers edit when asked', () => {
    const onEdit = vi.fn();
    render(<WithEdit onEdit={onEdit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });

  it('blocks save while saving', () => {
    render(<Saving />);
    expect((screen.getByRole('button', { name: /Guardando/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
