/**
 * Every flow-designer story passes axe with no issue of any impact (colours are left to the browser suite).
 * The canvas (React Flow) is checked in Chromium instead, on the designer's route (tests/e2e/a11y.test.ts and
 * tests/e2e/flow-designer.test.ts): axe over its DOM takes jsdom several seconds per story.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { composeStories } from '@storybook/react-vite';
import axe from 'axe-core';

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>(['./*.stories.tsx', '!./FlowCanvas.stories.tsx'], { eager: true });
const cases = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(composeStories(mod)).map(([name, Story]) => [`${file.slice(2, -12)} / ${name}`, Story as ComponentType] as const),
);

describe('accessibility of the flow designer stories', () => {
  it.each(cases)('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    const result = await axe.run(container.ownerDocument.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      resultTypes: ['violations'],
    });
    expect(result.violations.filter((v) => v.impact).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
