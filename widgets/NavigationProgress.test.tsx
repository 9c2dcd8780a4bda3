import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './NavigationProgress.stories';

const { Active, Idle } = composeStories(stories);

describe('NavigationProgress', () => {
  it('shows an indeterminate progress bar named "Cargando" while active', () => {
    render(<Active />);
    const bar = screen.getByRole('progressbar', { name: 'Cargando' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
  });

  it('renders nothing when idle', () => {
    render(<Idle />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
