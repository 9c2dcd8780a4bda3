import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { UiProvider } from '../../widgets/UiProvider';
import { More } from './More';

const rows = (n: number) => Array.from({ length: n }, (_, id) => ({ id }));
const shown = (node: React.ReactNode) =>
  render(
    <UiProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </UiProvider>,
  );

describe("a dashboard tile's 'and N more'", () => {
  it('leads to the screen that lists them all', () => {
    shown(<More d={{ total: 27, rows: rows(5) }} to="/task" />);
    expect(screen.getByRole('link', { name: 'y 22 más' }).getAttribute('href')).toBe('/task');
  });

  it('is plain text where no screen lists them, and absent when the tile shows them all', () => {
    const { container } = shown(
      <>
        <More d={{ total: 7, rows: rows(5) }} />
        <More d={{ total: 5, rows: rows(5) }} to="/task" />
      </>,
    );
    expect(screen.getByText('y 2 más').tagName).not.toBe('A');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(container.textContent).not.toContain('y 0 más');
  });
});
