/** Every Timeline story passes axe with no issue of any impact (colour contrast is left to the browser suite). */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { composeStories } from '@storybook/react-vite';
import axe from 'axe-core';
import * as stories from './Timeline.stories';

const cases = Object.entries(composeStories(stories)).map(([name, Story]) => [name, Story as ComponentType] as const);

describe('accessibility of the Timeline stories', () => {
  it.each(cases)('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    const result = await axe.run(container.ownerDocument.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      resultTypes: ['violations'],
    });
    expect(result.violations.filter((v) => v.impact).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
