/**
 * A form screen's guard for typed data: a move through the router (menu, Back, an address typed: app/historyIndex.ts)
 * asks (LeaveDialog), reloading or closing the tab warns, and the screen's own moves ask through `ask` /
 * `confirmExit` (ConfirmDiscard) before they start. Render `dialogs` once in the screen. `onDiscard`: the user chose
 * to leave without saving (a kept draft goes too).
 */
import { useCallback, useState } from 'react';
import { LeaveDialog } from '../execution/LeaveDialog';
import { useLeaveGuard } from '../execution/useLeaveGuard';
import { ConfirmDiscard } from './ConfirmDiscard';

export function useFormLeave(guarded: boolean, onDiscard?: () => void) {
  const guard = useLeaveGuard(guarded, onDiscard);
  const [pending, setPending] = useState<(() => void) | null>(null);
  /** Runs `move` at once, or after the user agrees to drop what was typed. */
  const ask = useCallback((move: () => void) => (guarded ? setPending(() => move) : move()), [guarded]);
  const dialogs = (
    <>
      <LeaveDialog blocker={guard.blocker} />
      <ConfirmDiscard
        open={pending !== null}
        onStay={() => setPending(null)}
        onLeave={() => {
          const move = pending;
          setPending(null);
          onDiscard?.();
          guard.allow();
          move?.();
        }}
      />
    </>
  );
  return {
    /** The next move is the screen's own (after a save): not asked about. */
    allow: guard.allow,
    ask,
    /** SubHeader's `confirmExit`. */
    confirmExit: guarded ? ask : undefined,
    dialogs,
  };
}
