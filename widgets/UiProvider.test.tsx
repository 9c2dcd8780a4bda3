import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './UiProvider.stories';
import { showSuccess } from './toaster';

const { Brand } = composeStories(stories);

/** The toaster's live region. */
const toastRegion = () => document.querySelector('[data-scope="toast"][data-part="group"]');

describe('UiProvider', () => {
  it('renders Chakra components with the brand palette', () => {
    render(<Brand />);
    const button = screen.getByRole('button', { name: 'Solid' });
    expect(button.className).toMatch(/chakra-button/);
    // The system's tokens are emitted as CSS variables.
    expect(document.head.textContent).toContain('--chakra-colors-brand-solid');
  });

  it('loads the toaster with the first toast, not before', async () => {
    render(<Brand />);
    expect(toastRegion()).toBeNull();
    act(() => void showSuccess('Registro guardado'));
    expect(await screen.findByText('Registro guardado')).toBeTruthy();
    expect(toastRegion()).not.toBeNull();
  });
});
