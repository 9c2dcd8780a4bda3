import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './MessagePage.stories';

const { NotAvailableYet, ErrorPage } = composeStories(stories);

describe('MessagePage', () => {
  it('shows a title and a text, without a button when no action is given', () => {
    render(<NotAvailableYet />);
    expect(screen.getByRole('heading', { level: 1, name: 'Próximamente' })).toBeTruthy();
    expect(screen.getByText('Esta pantalla todavía no está disponible.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('calls the action', () => {
    const onAction = vi.fn();
    render(<ErrorPage onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ir al inicio' }));
    expect(onAction).toHaveBeenCalledOnce();
  });
});
