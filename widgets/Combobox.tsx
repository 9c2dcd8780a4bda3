/**
 * A combobox over option slices (spec §5, §9 select): an input (role combobox) and a listbox of 10-option
 * slices; typing searches after 800 ms, scrolling to the end loads the next slice, the arrow keys (and Page Up /
 * Page Down, a slice at a time) move the highlight, kept in sight, and reaching the last loaded option loads the
 * next slice as scrolling does; Enter picks, Escape closes, clearing the text clears the value. Home / End stay
 * the text's (an editable combobox). While a text is typed, the first option found for it is highlighted: Enter or
 * Tab picks what is highlighted, and Enter pressed before the options come picks the only match once they do. A
 * typed text never stays shown over another value unsaid: leaving with it picked nothing, the field shows the value
 * it holds again and says so for a while; inside a form (`onUnpicked`) the text stays, as the field's error. The
 * form's select widget, the DataTable's pick-list filters and the items grid's article are this one control over
 * different sources.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Input, Text, useFieldContext, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../engine/list/query';
import { isNearEnd, optionText, SELECT_PAGE_SIZE, type OptionId } from './SchemaForm/selectOptions';
import { rememberOptions, useCurrentOption } from './SchemaForm/useCurrentOption';
import { useSelectOptions, type SliceSource } from './SchemaForm/useSelectOptions';

const BLANK: SelectOption = { id: '', name: '', nombre: '' };
/** How far each key moves the highlight: Page Up / Down a slice at a time. */
const STEPS: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: SELECT_PAGE_SIZE, PageUp: -SELECT_PAGE_SIZE };
/** How long the field says that a text left behind was not picked. */
export const UNPICKED_NOTE_MS = 6000;

export interface ComboboxProps {
  id: string;
  value: unknown;
  /** The picked option's id, or null for the blank entry / a cleared text. */
  onChange: (id: OptionId | null) => void;
  source: SliceSource;
  /** Key under which seen options are remembered (the list url, or one per local option set). */
  listKey: string;
  /** A remote source's identity: its first slices go through the read cache (useSelectOptions). */
  cacheKey?: string;
  /** A blank entry first (not while a text is typed). */
  allowNull?: boolean;
  ids?: OptionId[];
  filters?: Record<string, unknown>;
  /** Accessible name of the input when no <label> names it; the listbox is named after the input's label. */
  ariaLabel?: string;
  labelledBy?: string;
  placeholder?: string;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  size?: InputProps['size'];
  inputProps?: Partial<InputProps>;
  onFocus?: () => void;
  onBlur?: () => void;
  /**
   * Inside a form: the text typed while it picks nothing, and null when it is dropped without a change (Escape, a
   * value set from outside; a pick or a cleared text is a change). Given, leaving keeps the text shown, for the form
   * to mark the field and refuse to save; without it, leaving shows the value held again and says the text was not picked.
   */
  onUnpicked?: (text: string | null) => void;
}

export function Combobox(props: ComboboxProps) {
  const { id, value, onChange, source, listKey, cacheKey, allowNull, ids, filters, readOnly, disabled } = props;
  const { t, i18n } = useTranslation();
  const { rows, loading, loaded, hasMore, search, loadMore, pattern, answered } = useSelectOptions(source, {
    ids,
    filters,
    onRows: (r) => rememberOptions(listKey, r),
    cacheKey,
  });
  const current = useCurrentOption(value, listKey, source, filters);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  // Enter came before the options of the text typed
  const [waiting, setWaiting] = useState(false);
  // a text left behind without a pick, said under the field for a while
  const [note, setNote] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // set by a key that moves the highlight: only then is the list scrolled to it (a list the mouse scrolled stays put)
  const follow = useRef(false);

  // while a text is typed the user looks for something: no blank entry on top to tap by mistake (clearing the
  // text empties the value)
  const searching = editing && text.trim() !== '';
  const shown = allowNull && !searching ? [BLANK, ...rows] : rows;
  // the options found for the text typed (not an earlier text's): the first is highlighted until a key moves it, so
  // Enter picks it; the first arrow lands on it too (typing, ↓, Enter picks the first match, as it always did)
  const found = searching && answered === text;
  const highlight = active >= 0 ? active : found && shown.length > 0 ? 0 : -1;
  const listId = `${id}-listbox`;
  const noteId = `${id}-unpicked`;
  const field = useFieldContext();
  const optionDomId = (i: number) => `${id}-option-${i}`;
  const label = (o: SelectOption) => optionText(o, i18n.language);
  const display = editing ? text : current ? label(current) : value === null || value === undefined ? '' : String(value);
  const off = readOnly || disabled;

  const openList = () => {
    if (off) return;
    const wanted = editing ? text : '';
    if (!open && (!loaded || pattern !== wanted)) search(wanted, true);
    setOpen(true);
  };
  const close = (keepText = false) => {
    setOpen(false);
    setEditing(keepText);
    setActive(-1);
    setWaiting(false);
  };
  const pick = (o: SelectOption) => {
    onChange(o === BLANK ? null : o.id);
    setNote(null);
    close();
  };
  const type = (next: string) => {
    setText(next);
    setEditing(true);
    setOpen(true);
    setActive(-1);
    setWaiting(false);
    setNote(null);
    if (next.trim() === '') {
      onChange(null);
      search('', true);
    } else {
      props.onUnpicked?.(next);
      search(next);
    }
  };
  const leave = () => {
    // a typed text that picked nothing: a form keeps it (its field's error); elsewhere the value held shows again, said
    const kept = searching && props.onUnpicked !== undefined;
    if (searching && !kept) setNote(text);
    close(kept);
    props.onBlur?.();
  };
  /**
   * Highlights option `to`. Reaching the last loaded option asks for the next slice, as scrolling to the end does;
   * past it, the highlight waits on the next option until the slice arrives.
   */
  const move = (to: number) => {
    const last = shown.length - 1;
    if (to >= last && hasMore) loadMore();
    follow.current = true;
    setActive(Math.max(0, Math.min(hasMore ? last + 1 : last, to)));
  };
  useEffect(() => {
    const option = open && active >= 0 ? listRef.current?.children[active] : undefined;
    if (!follow.current || !option) return;
    follow.current = false;
    option.scrollIntoView({ block: 'nearest' });
  }, [open, active, shown.length]);

  // the options Enter waited for are in: the only match is picked; of several, the first is highlighted to confirm
  useEffect(() => {
    if (!waiting || !found) return;
    setWaiting(false);
    if (rows.length === 1 && !hasMore) pick(rows[0]);
    // only the options' coming matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, found]);

  // a value set from outside (a record loaded, a party created beside the field) replaces a text typed over the old one
  const held = useRef(value);
  useEffect(() => {
    if (held.current === value) return;
    held.current = value;
    if (!searching) return;
    setEditing(false);
    props.onUnpicked?.(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  useEffect(() => {
    if (note === null) return;
    const timer = setTimeout(() => setNote(null), UNPICKED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [note]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (off) return;
    const step = STEPS[e.key];
    if (step) {
      e.preventDefault();
      openList();
      move(active + step);
    } else if (e.key === 'Enter' && (open || searching)) {
      e.preventDefault();
      const o = open ? shown[highlight] : undefined;
      if (o) pick(o);
      else if (searching) {
        // the text's options are not in yet (or the list was shut): ask now, and pick the only match when they come
        setOpen(true);
        if (!found) search(text, true);
        setWaiting(true);
      }
    } else if (e.key === 'Tab' && open && shown[highlight]) {
      // as Enter, then on to the next field (the focus moves as usual)
      pick(shown[highlight]);
    } else if (e.key === 'Escape' && (open || searching)) {
      e.preventDefault();
      e.stopPropagation();
      if (searching) props.onUnpicked?.(null);
      close();
    }
  };
  // the field's own help / error first: an aria-describedby given here replaces the one Chakra's field gives
  const describedBy =
    [field?.ariaDescribedby, props.inputProps?.['aria-describedby'], note !== null && !open ? noteId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <Box position="relative">
      <Input
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && highlight >= 0 && highlight < shown.length ? optionDomId(highlight) : undefined}
        aria-label={props.ariaLabel}
        value={display}
        placeholder={props.placeholder ?? t('form.select.placeholder')}
        required={props.required}
        readOnly={readOnly}
        disabled={disabled}
        autoFocus={props.autoFocus}
        size={props.size}
        {...props.inputProps}
        aria-describedby={describedBy}
        onChange={(e) => type(e.target.value)}
        onClick={openList}
        onKeyDown={onKeyDown}
        onFocus={props.onFocus}
        onBlur={leave}
      />
      {note !== null && !open && (
        <Text id={noteId} role="status" position="absolute" top="100%" left="0" right="0" minW="12rem" zIndex="dropdown" mt="1" px="2" py="1" fontSize="xs" color="fg.error" bg="bg.panel" borderWidth="1px" borderRadius="md" boxShadow="sm" pointerEvents="none">
          {t('validation.unpicked', { text: note })}
        </Text>
      )}
      {open && (
        <Box position="absolute" top="100%" left="0" right="0" minW="12rem" zIndex="dropdown" mt="1" bg="bg.panel" borderWidth="1px" borderRadius="md" boxShadow="md">
          <Box
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={props.labelledBy}
            aria-label={props.labelledBy ? undefined : props.ariaLabel}
            maxH="15rem"
            overflowY="auto"
            onScroll={(e) => isNearEnd(e.currentTarget) && hasMore && loadMore()}
          >
            {shown.map((o, i) => {
              const selected = o === BLANK ? value === null || value === undefined || value === '' : current?.id === o.id;
              return (
                <Box
                  key={o === BLANK ? '__blank' : String(o.id)}
                  id={optionDomId(i)}
                  role="option"
                  aria-selected={selected}
                  aria-label={o === BLANK ? t('form.select.blank') : undefined}
                  px="3"
                  py="1.5"
                  minH="8"
                  cursor="pointer"
                  fontSize="sm"
                  bg={i === highlight ? 'bg.muted' : selected ? 'bg.subtle' : undefined}
                  _hover={{ bg: 'bg.muted' }}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(o)}
                >
                  {o === BLANK ? '\u00a0' : label(o)}
                </Box>
              );
            })}
          </Box>
          {(loading || (loaded && rows.length === 0)) && (
            <Text role="status" px="3" py="1.5" fontSize="sm" color="fg.muted">
              {loading ? t('form.select.loading') : t('form.select.empty')}
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
