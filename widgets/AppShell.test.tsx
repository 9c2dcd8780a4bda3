import { describe, expect, it, vi } from 'vitest';
import { fn } from 'storybook/test';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import i18next from '../locales/i18n';
import * as stories from './AppShell.stories';

const { Desktop } = composeStories(stories);
const t = (key: string) => i18next.t(key);

describe('AppShell', () => {
  it('has header, navigation and main landmarks, with the app name and the user', () => {
    render(<Desktop />);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Flujos')).toBeTruthy();
    expect(within(header).getByText('mgarcia')).toBeTruthy();
    expect(within(header).getByTestId('language-switch')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menú' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: '/workspacedashboard' })).toBeTruthy();
  });

  it('logs out', () => {
    const onLogout = fn();
    render(<Desktop onLogout={onLogout} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('navigates from the sidebar and moves the highlight', () => {
    const onNavigate = fn();
    render(<Desktop onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('link', { name: t('routes.planning') }));
    expect(onNavigate).toHaveBeenCalledWith('/planning');
    expect(screen.getByRole('link', { name: t('routes.planning') }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the menu in a drawer (phones) and closes it after navigating', async () => {
    const onNavigate = fn();
    render(<Desktop onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Menú' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menú' });
    fireEvent.click(within(drawer).getByRole('link', { name: t('routes.tasking') }));
    expect(onNavigate).toHaveBeenCalledWith('/task');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the drawer has a close button', async () => {
    render(<Desktop />);
    fireEvent.click(screen.getByRole('button', { name: 'Menú' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menú' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
