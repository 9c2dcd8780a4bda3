/**
 * The app's dialog (spec §4, §9): persistent by default (a backdrop click does not close it; Escape does, through
 * `onClose`, so a form in it can ask first about unsaved changes), focused first on the first field of its body,
 * once there, else on the button its DialogButtons mark, never on the window controls (`focusTarget`); closed, the
 * focus goes back where it was. A maximize toggle, always full screen on phones, 500 px wide by default and at
 * most 80% of the screen, a body of at most 70vh that scrolls inside. A coloured header gets white text when the
 * colour is dark (engine/color.ts). Every way of closing calls `onClose`.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createIcon, Dialog, HStack, IconButton, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { headerTextColor } from '../engine/color';
import { CloseIcon } from './icons';

export const MODAL_WIDTH = 500;
/** A field a user can type in or choose with. */
export const FIELD = 'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled])';

/**
 * Where the focus goes in a dialog: the first field of its body (a form), else the button marked `data-autofocus`
 * (DialogButtons: a confirmation's safe button), else the body itself, which scrolls with the keys.
 */
export function focusTarget(content: HTMLElement, body: HTMLElement | null): HTMLElement | null {
  return body?.querySelector<HTMLElement>(FIELD) ?? content.querySelector<HTMLElement>('[data-autofocus]') ?? body;
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const MaximizeIcon = createIcon({ displayName: 'MaximizeIcon', path: <path {...stroke} d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />, defaultProps: { 'aria-hidden': true } });
const RestoreIcon = createIcon({ displayName: 'RestoreIcon', path: <path {...stroke} d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />, defaultProps: { 'aria-hidden': true } });

export interface ModalProps {
  open: boolean;
  /** Called by the close button, and by the backdrop / Escape when not persistent. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons below the body. */
  footer?: ReactNode;
  /** Default true: a backdrop click does not close it (Escape and the close button do, through onClose). */
  persistent?: boolean;
  /** Header background, a hex colour ('#1d4078'); the text turns white below luminosity 0.45. */
  headerColor?: string;
  /** Width in px from md up (default 500); never more than 80% of the screen. */
  width?: number;
  /** Open maximized (phones always are). */
  defaultMaximized?: boolean;
}

export function Modal({ open, onClose, title, children, footer, persistent = true, headerColor, width = MODAL_WIDTH, defaultMaximized = false }: ModalProps) {
  const { t } = useTranslation();
  const [maximized, setMaximized] = useState(defaultMaximized);
  const text = headerColor ? headerTextColor(headerColor) : null;
  const body = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const contentEl = useCallback((el: HTMLDivElement | null) => {
    contentRef.current = el;
    setContent(el);
  }, []);
  useEffect(() => {
    if (!open || !content) return;
    // a form read after the dialog opened takes the focus from the body, where it waited, unless the user moved
    // on; a focused button that went away (a confirmation turned into its result) leaves it on the page: back here
    let waiting = !body.current?.querySelector(FIELD);
    const moved = () => void (waiting = false);
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body;
      if (!lost && !(waiting && (active === content || active === body.current))) return;
      const target = focusTarget(content, body.current);
      if (target?.matches(FIELD)) waiting = false;
      if (target && target !== active) target.focus({ preventScroll: true });
    });
    observer.observe(content, { childList: true, subtree: true });
    content.addEventListener('pointerdown', moved);
    content.addEventListener('keydown', moved);
    return () => {
      observer.disconnect();
      content.removeEventListener('pointerdown', moved);
      content.removeEventListener('keydown', moved);
    };
  }, [open, content]);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      closeOnInteractOutside={!persistent}
      closeOnEscape
      scrollBehavior="inside"
      initialFocusEl={() => contentRef.current && focusTarget(contentRef.current, body.current)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner p={{ base: '0', md: maximized ? '0' : '4' }}>
          <Dialog.Content
            ref={contentEl}
            data-maximized={maximized || undefined}
            w={{ base: '100vw', md: maximized ? '100vw' : `${width}px` }}
            maxW={{ base: '100vw', md: maximized ? '100vw' : '80vw' }}
            h={{ base: '100dvh', md: maximized ? '100dvh' : 'auto' }}
            maxH={{ base: '100dvh', md: maximized ? '100dvh' : undefined }}
            my={{ base: '0', md: maximized ? '0' : undefined }}
            borderRadius={{ base: '0', md: maximized ? '0' : 'l3' }}
          >
            <Dialog.Header bg={headerColor} color={text ?? undefined} data-header-text={text ?? undefined} borderTopRadius="inherit" py="3" alignItems="center" gap="2">
              <Dialog.Title flex="1" minW="0" truncate>
                {title}
              </Dialog.Title>
              <HStack gap="1" color="inherit">
                <IconButton
                  type="button"
                  variant="ghost"
                  size="sm"
                  color="inherit"
                  hideBelow="md"
                  aria-label={t(maximized ? 'modal.restore' : 'modal.maximize')}
                  aria-pressed={maximized}
                  onClick={() => setMaximized((m) => !m)}
                >
                  {maximized ? <RestoreIcon /> : <MaximizeIcon />}
                </IconButton>
                <IconButton type="button" variant="ghost" size="sm" color="inherit" aria-label={t('modal.close')} onClick={onClose}>
                  <CloseIcon />
                </IconButton>
              </HStack>
            </Dialog.Header>
            <Dialog.Body ref={body} tabIndex={0} overflowY="auto" maxH={{ md: maximized ? 'none' : '70vh' }} flex={{ base: '1', md: maximized ? '1' : undefined }} py="4">
              {children}
            </Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
