/**
 * The bar above a form: its title and the save, edit and exit buttons (spec §1, §2). Exit goes back in
 * history; with no history of the app's it replaces the view with `exitTo` or the home route; in a dialog it
 * closes it.
 */
import { useRef, type ReactNode } from 'react';
import { Button, Flex, Heading, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToastsBelow } from './useToastsBelow';

export const HOME_ROUTE = '/workspacedashboard';

export interface SubHeaderProps {
  title: string;
  /** Save by callback... */
  onSave?: () => void;
  /** ...or by submitting the <form> of this id (a SchemaForm's `formId`). */
  saveFormId?: string;
  onEdit?: () => void;
  /** Shows the edit button (default: when `onEdit` is given). */
  showEdit?: boolean;
  /** The save is under way: the button shows it and cannot be pressed again. */
  saving?: boolean;
  /** Path of the named route to open when there is no history to go back to (screens resolve the name). */
  exitTo?: string;
  /** Inside a dialog: exit closes it through `onClose`. */
  dialog?: boolean;
  onClose?: () => void;
  /** More buttons of the screen (a record's history, its actions), before edit / save / exit. */
  actions?: ReactNode;
  /** Exit asks this first (unsaved changes); it calls `exit` to leave. Without it exit leaves at once. */
  confirmExit?: (exit: () => void) => void;
}

export type ExitAction = { kind: 'close' } | { kind: 'back' } | { kind: 'replace'; to: string };

/** What the exit button does (spec §2). */
export function exitAction(o: { dialog?: boolean; hasHistory: boolean; exitTo?: string }): ExitAction {
  if (o.dialog) return { kind: 'close' };
  if (o.hasHistory) return { kind: 'back' };
  return { kind: 'replace', to: o.exitTo || HOME_ROUTE };
}

/**
 * Whether going back stays in the app. The hash router numbers its entries (`history.state.idx`, 0 for the first
 * page opened): a redirect replaces an entry without adding one, so a form reached through login from a link has
 * nothing of the app behind it even though it was navigated to, and the tab's earlier pages may be another
 * site's. An entry the browser made (an address typed) gets its number too (screens/app/historyIndex.ts); without
 * one (a memory router) any earlier entry counts.
 */
export function hasInAppHistory(locationKey: string, history: { state: unknown; length: number }): boolean {
  const idx = (history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number' && Number.isFinite(idx)) return idx > 0;
  return locationKey !== 'default' || history.length > 1;
}

export function SubHeader({ title, onSave, saveFormId, onEdit, showEdit, saving = false, exitTo, dialog, onClose, actions, confirmExit }: SubHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const leave = () => {
    const action = exitAction({ dialog, hasHistory: hasInAppHistory(location.key, window.history), exitTo });
    if (action.kind === 'close') onClose?.();
    else if (action.kind === 'back') void navigate(-1);
    else void navigate(action.to, { replace: true });
  };
  const exit = () => (confirmExit ? confirmExit(leave) : leave());
  const canSave = Boolean(onSave || saveFormId);
  const bar = useRef<HTMLDivElement>(null);
  useToastsBelow(bar, !dialog);
  return (
    // on a page it stays under the app bar while a long form scrolls: save, edit and exit always at hand
    <Flex
      ref={bar}
      as="header"
      align="center"
      justify="space-between"
      gap="3"
      wrap="wrap"
      py="2"
      mb="3"
      borderBottomWidth="1px"
      bg="bg"
      {...(dialog ? {} : { position: 'sticky', top: '14', zIndex: 'docked' })}
      data-sticky={dialog ? undefined : ''}
    >
      {/* the form's title is the page's main heading; inside a dialog the dialog's title comes first */}
      <Heading as={dialog ? 'h2' : 'h1'} size="md" minW="0" truncate>
        {title}
      </Heading>
      <HStack gap="2" wrap="wrap">
        {actions}
        {(showEdit ?? Boolean(onEdit)) && onEdit && (
          <Button type="button" variant="outline" size="sm" onClick={onEdit} disabled={saving}>
            {t('subHeader.edit')}
          </Button>
        )}
        {canSave && (
          <Button
            type={saveFormId ? 'submit' : 'button'}
            form={saveFormId}
            onClick={saveFormId ? undefined : onSave}
            colorPalette="brand"
            size="sm"
            loading={saving}
            loadingText={t('subHeader.saving')}
          >
            {t('subHeader.save')}
          </Button>
        )}
        <Button type="button" variant="ghost" size="sm" onClick={exit}>
          {t('subHeader.exit')}
        </Button>
      </HStack>
    </Flex>
  );
}
