import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './Trail.stories';

const { RecordForm, LongOnPhone } = composeStories(stories);

describe('Trail (breadcrumb)', () => {
  it('is a named navigation: steps before the page are links, the page itself is the current one', () => {
    render(<RecordForm />);
    const nav = screen.getByRole('navigation', { name: 'Ubicación' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Administración', 'Artículos y stock', 'Martillo de carpintero']);
    expect(links[0].getAttribute('href')).toBe('/backOffice');
    expect(links.slice(0, 2).every((l) => !l.hasAttribute('aria-current'))).toBe(true);
    expect(links[2].getAttribute('aria-current')).toBe('page');
    expect(links[2].getAttribute('href')).toBeNull();
  });

  it('the list step opens the list with the search it had (navigation state)', () => {
    render(<RecordForm />);
    fireEvent.click(screen.getByRole('link', { name: 'Artículos y stock' }));
    expect(screen.getByTestId('location').textContent).toBe('/backOffice/stock {"listView":{"pattern":"martillo","filters":{},"sort":"nombre","sortOrder":"asc"}}');
  });

  it('keeps every step on one line, each with its whole text as a tooltip (cut on a phone)', () => {
    render(<LongOnPhone />);
    const nav = screen.getByRole('navigation', { name: 'Ubicación' });
    const items = nav.querySelectorAll('li[title]');
    expect([...items].map((li) => li.getAttribute('title'))).toEqual([
      'Administración',
      'Interesados (clientes, proveedores y empleados)',
      'Distribuidora de Materiales de Construcción del Litoral Sociedad Anónima',
    ]);
    expect(getComputedStyle(nav.querySelector('ol')!).flexWrap).toBe('nowrap');
  });
});
