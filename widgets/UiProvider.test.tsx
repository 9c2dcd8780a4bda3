import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './UiProvider.stories';

const { Brand } = composeStories(stories);

describe('UiProvider', () => {
  it('renders Chakra components with the brand palette', () => {
    render(<Brand />);
    const button = screen.getByRole('button', { name: 'Solid' });
    expect(button.className).toMatch(/chakra-button/);
    // The system's tokens are emitted as CSS variables.
    expect(document.head.textContent).toContain('--chakra-colors-brand-solid');
  });
});
