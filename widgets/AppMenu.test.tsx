import { describe, expect, it, vi } from 'vitest';
import { fn } from 'storybook/test';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import i18next from '../locales/i18n';
import * as stories from './AppMenu.stories';

const { Default, InsideGroup, Empty } = composeStories(stories);
const t = (key: string) => i18next.t(key);

describe('AppMenu', () => {
  it('is a navigation landmark with the entries translated', () => {
    render(<Default />);
    const nav = screen.getByRole('navigation', { name: 'Menú' });
    expect(within(nav).getByRole('link', { name: t('routes.workspacedashboard') })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: t('routes.backOffice') })).toBeTruthy();
  });

  it('highlights the current page', () => {
    render(<Default />);
    expect(screen.getByRole('link', { name: t('routes.planning') }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: t('routes.tasking') }).getAttribute('aria-current')).toBeNull();
  });

  it('navigates on click, with optional parameters stripped', () => {
    const onNavigate = fn();
    render(<Default onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('link', { name: t('routes.planning') }));
    fireEvent.click(screen.getByRole('link', { name: t('routes.execution') }));
    expect(onNavigate.mock.calls).toEqual([['/planning'], ['/execution']]);
    expect(screen.getByRole('link', { name: t('routes.execution') }).getAttribute('href')).toBe('#/execution');
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    const onNavigate = fn();
    render(<Default onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('link', { name: t('routes.planning') }), { ctrlKey: true });
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('groups are collapsible sections, closed unless they hold the current page', async () => {
    const onNavigate = fn();
    render(<Default onNavigate={onNavigate} />);
    const group = screen.getByRole('button', { name: t('routes.backOffice') });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: t('routes.stock') })).toBeNull();
    fireEvent.click(group);
    await waitFor(() => expect(group.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.click(await screen.findByRole('link', { name: t('routes.stock') }));
    expect(onNavigate).toHaveBeenCalledWith('/backOffice/stock');
  });

  it('opens the group holding the current page', () => {
    render(<InsideGroup />);
    expect(screen.getByRole('button', { name: t('routes.backOffice') }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: t('routes.stock') }).getAttribute('aria-current')).toBe('page');
  });

  it('renders an empty menu without entries', () => {
    render(<Empty />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('opens the group of the page shown when the user navigates into it', async () => {
    const { rerender } = render(<Default />);
    const group = screen.getByRole('button', { name: t('routes.backOffice') });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    rerender(<Default currentPath="/backOffice/stock/create" />);
    await waitFor(() => expect(group.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByRole('link', { name: t('routes.stock') }).getAttribute('aria-current')).toBe('page');
  });
});
