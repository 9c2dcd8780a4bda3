import { describe, expect, it } from 'vitest';
import { fn } from 'storybook/test';
import { fireEvent, render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './RecordSteps.stories';

const { Middle, First, Last, Estimated } = composeStories(stories);

const prev = () => screen.getByRole('button', { name: 'Anterior en la lista (Alt+←)' }) as HTMLButtonElement;
const next = () => screen.getByRole('button', { name: 'Siguiente en la lista (Alt+→)' }) as HTMLButtonElement;

describe('RecordSteps', () => {
  it('steps both ways, says where the record is, and names the shortcuts', () => {
    const onStep = fn();
    render(<Middle onStep={onStep} />);
    expect(screen.getByRole('group', { name: 'Registros de la lista' }).textContent).toContain('3 de 57');
    expect(prev().title).toBe('Anterior en la lista (Alt+←)');
    expect(prev().getAttribute('aria-keyshortcuts')).toBe('Alt+ArrowLeft');
    expect(next().getAttribute('aria-keyshortcuts')).toBe('Alt+ArrowRight');
    fireEvent.click(next());
    fireEvent.click(prev());
    expect(onStep.mock.calls).toEqual([['next'], ['prev']]);
  });

  it('is disabled at the ends of the list', () => {
    const { unmount } = render(<First />);
    expect(prev().disabled).toBe(true);
    expect(next().disabled).toBe(false);
    unmount();
    render(<Last />);
    expect(prev().disabled).toBe(false);
    expect(next().disabled).toBe(true);
  });

  it('an estimated total reads as a lower bound', () => {
    render(<Estimated />);
    expect(screen.getByText('1200 de más de 1000')).toBeTruthy();
  });
});
