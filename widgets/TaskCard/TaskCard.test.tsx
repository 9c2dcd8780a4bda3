import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './TaskCard.stories';

const { NotStarted, Overdue, Finished } = composeStories(stories);

describe('TaskCard', () => {
  it('shows the title as a link, its context, state, facts and actions', () => {
    render(<NotStarted />);
    const card = screen.getByRole('article', { name: 'Medir el lugar de instalación' });
    expect(screen.getByRole('link', { name: 'Abrir la tarea Medir el lugar de instalación' }).getAttribute('href')).toBe('#/somewhere/12');
    expect(card.textContent).toContain('OT-000012 · Instalación');
    expect(card.textContent).toContain('No iniciada');
    expect(card.textContent).toContain('Fin estimado: 03/03/2026');
    expect(screen.getByRole('button', { name: 'Iniciar' })).toBeTruthy();
  });

  it('shows the flags only when given', () => {
    render(<Overdue />);
    expect(screen.getByText('Vencida')).toBeTruthy();
    expect(screen.getByText('Crítica')).toBeTruthy();
  });

  it('a finished task without a place to open is plain text', () => {
    render(<Finished />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Vencida')).toBeNull();
  });
});
