import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { Box, Code } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fn } from 'storybook/test';
import { SubHeader } from './SubHeader';

/** Prints where the router is, so the exit button's effect shows. */
function Where() {
  const location = useLocation();
  return <Code data-testid="location">{location.pathname}</Code>;
}

/** A router opened at `entries` (the last one current), with the location printed below. */
const withRouter =
  (entries: string[]): Decorator =>
  (Story) => (
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route
          path="*"
          element={
            <Box p="4">
              <Story />
              <Where />
            </Box>
          }
        />
      </Routes>
    </MemoryRouter>
  );

const meta = {
  title: 'Widgets/SubHeader',
  component: SubHeader,
  args: { title: 'Categoría', onSave: fn() as () => void, onClose: fn() as () => void },
} satisfies Meta<typeof SubHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the list: there is history to go back to. */
const fromList = [withRouter(['/backOffice/categories', '/backOffice/categories/5'])];
/** Opened directly at the form (a bookmark, a new tab). */
const direct = [withRouter(['/backOffice/categories/5'])];

/** Save and exit; exit goes back to the list. */
export const Default: Story = { decorators: fromList };

/** Show mode with an edit button. */
export const WithEdit: Story = { args: { onEdit: fn() as () => void, onSave: undefined }, decorators: fromList };

/** While saving. */
export const Saving: Story = { args: { saving: true }, decorators: fromList };

/** Opened directly (no history): exit replaces the view with the given route. */
export const NoHistory: Story = { args: { exitTo: '/backOffice/categories' }, decorators: direct };

/** No history and no route given: exit opens the home route. */
export const NoHistoryHome: Story = { decorators: direct };

/** Inside a dialog: exit closes it. */
export const Dialog: Story = { args: { dialog: true }, decorators: fromList };
