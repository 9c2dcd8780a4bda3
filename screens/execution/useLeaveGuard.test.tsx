/** The leave guard holds a move away from typed data, and once the user chose to leave it holds nothing more. */
import { expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type Blocker } from 'react-router-dom';
import { useLeaveGuard } from './useLeaveGuard';

it('after "leave without saving" a move made before the screen is gone is not held (it was turned back silently)', async () => {
  let blocker: Blocker | null = null;
  function Form() {
    blocker = useLeaveGuard(true).blocker;
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Form /> },
      { path: '*', element: null },
    ],
    { initialEntries: ['/list', '/form'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  await act(() => router.navigate('/menu'));
  expect(blocker!.state).toBe('blocked');
  expect(router.state.location.pathname).toBe('/form');
  // leave, and at once (before React has taken the form away) another move: an address typed, a Back
  await act(async () => {
    blocker!.proceed!();
    await router.navigate('/other');
  });
  expect(router.state.location.pathname).toBe('/other');
});
