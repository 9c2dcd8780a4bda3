import { describe, expect, it } from 'vitest';
import { isCurrent, menuHref } from './menuHref';

describe('menuHref', () => {
  it('drops optional parameters', () => {
    expect(menuHref('/opt/:id?')).toBe('/opt');
    expect(menuHref('/execution/:id?/:show?')).toBe('/execution');
    expect(menuHref('/backOffice/stock')).toBe('/backOffice/stock');
    expect(menuHref('/:id?')).toBe('/');
  });

  it('marks the entry of the current page and of pages below it', () => {
    expect(isCurrent('/planning', '/planning')).toBe(true);
    expect(isCurrent('/task', '/task/pending')).toBe(true);
    expect(isCurrent('/task', '/tasking')).toBe(false);
    expect(isCurrent('/', '/planning')).toBe(false);
  });
});
