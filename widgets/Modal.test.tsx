import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './Modal.stories';

const { Normal, DarkHeader, LightHeader, Dismissable } = composeStories(stories);

const header = () => screen.getByRole('heading', { name: 'Detalle del registro' }).parentElement as HTMLElement;

describe('Modal', () => {
  it('shows its title and content, and the close button emits close', async () => {
    const onClose = vi.fn();
    render(<Normal onClose={onClose} />);
    expect(await screen.findByRole('dialog', { name: 'Detalle del registro' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes on Escape through onClose (which may ask first), persistent or not', async () => {
    const onClose = vi.fn();
    render(<Normal onClose={onClose} />);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('toggles maximized', async () => {
    render(<Normal />);
    const toggle = await screen.findByRole('button', { name: 'Maximizar' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Restaurar tamaño' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('dialog').hasAttribute('data-maximized')).toBe(true);
  });

  it('turns the header text white on a dark colour and keeps it dark on a light one', async () => {
    const { unmount } = render(<DarkHeader />);
    await screen.findByRole('dialog');
    expect(header().dataset.headerText).toBe('white');
    expect(getComputedStyle(header()).color).toMatch(/white|255, 255, 255/);
    unmount();
    render(<LightHeader />);
    await screen.findByRole('dialog');
    expect(header().dataset.headerText).toBe('black');
  });
});
