/**
 * Every widget story passes axe with no issue of any impact (colour contrast is left to the
 * browser suite: jsdom computes no layout or colours).
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { composeStories } from '@storybook/react-vite';
import axe from 'axe-core';

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>('./*.stories.tsx', { eager: true });

const cases = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(composeStories(mod)).map(([name, Story]) => [`${file.slice(2, -12)} / ${name}`, Story as ComponentType] as const),
);

describe('accessibility of the stories', () => {
  it.each(cases)('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    const result = await axe.run(container.ownerDocument.body, {
      // 'region': a widget story renders outside the page's landmarks by design.
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      resultTypes: ['violations'],
    });
    const bad = result.violations
      .filter((v) => v.impact)
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad).toEqual([]);
  });
});
