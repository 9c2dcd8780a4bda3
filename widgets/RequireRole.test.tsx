import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './RequireRole.stories';

const { Admitted, Refused, AnyOfAdmitted, AnyOfRefused } = composeStories(stories);
const guarded = () => screen.queryByRole('button', { name: 'Solo administradores' });

describe('RequireRole', () => {
  it('renders its children when the user holds the role (any case)', () => {
    render(<Admitted />);
    expect(guarded()).not.toBeNull();
  });

  it('removes them otherwise', () => {
    render(<Refused />);
    expect(guarded()).toBeNull();
  });

  it('anyOf admits a user holding one of the roles', () => {
    render(<AnyOfAdmitted />);
    expect(guarded()).not.toBeNull();
  });

  it('anyOf refuses a user holding none', () => {
    render(<AnyOfRefused />);
    expect(guarded()).toBeNull();
  });

  it('an empty anyOf admits everyone; no roles refuses a single-role check', () => {
    render(<AnyOfRefused anyOf={[]} />);
    expect(guarded()).not.toBeNull();
  });

  it('a user without roles is refused', () => {
    render(<Admitted roles={undefined} />);
    expect(guarded()).toBeNull();
  });
});
