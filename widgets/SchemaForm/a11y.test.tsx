/** The form stories pass axe with no issue of any impact (as widgets/a11y.test.tsx does for the top-level widgets). */
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import axe from 'axe-core';

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>('./*.stories.tsx', { eager: true });

const cases = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(composeStories(mod)).map(([name, Story]) => [`${file.slice(2, -12)} / ${name}`, Story as ComponentType] as const),
);

describe('accessibility of the form stories', () => {
  it.each(cases)('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    await waitFor(() => expect(screen.getByTestId('form-value')).toBeTruthy());
    const result = await axe.run(container.ownerDocument.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      resultTypes: ['violations'],
    });
    const bad = result.violations
      .filter((v) => v.impact)
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad).toEqual([]);
  });
});
