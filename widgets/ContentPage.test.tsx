import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './ContentPage.stories';

const { WithTitle, WithActions, NoTitle } = composeStories(stories);

describe('ContentPage', () => {
  it('keeps the title outside the scrolling area', () => {
    const { container } = render(<WithTitle />);
    const heading = screen.getByRole('heading', { name: 'Configuración' });
    const area = container.querySelector('[data-scroll-area]')!;
    expect(area.contains(heading)).toBe(false);
    expect(area.contains(screen.getByText('Línea 60 del contenido de la página.'))).toBe(true);
  });

  it('shows actions beside the title', () => {
    render(<WithActions />);
    expect(screen.getByRole('button', { name: 'Nuevo' })).toBeTruthy();
  });

  it('needs no title', () => {
    render(<NoTitle />);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
