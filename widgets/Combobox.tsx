/**
 * A combobox over option slices (spec §5, §9 select): an input (role combobox) and a listbox of 10-option
 * slices; typing searches after 800 ms, scrolling to the end loads the next slice, the arrow keys (and Page Up /
 * Page Down, a slice at a time) move the highlight, kept in sight, and reaching the last loaded option loads the
 * next slice as scrolling does; Enter picks, Escape closes, clearing the text clears the value. Home / End stay
 * the text's (an editable combobox). The form's select widget and the DataTable's pick-list filters are this one
 * control over different sources.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Input, Text, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../engine/list/query';
import { isNearEnd, optionText, SELECT_PAGE_SIZE, type OptionId } from './SchemaForm/selectOptions';
import { rememberOptions, useCurrentOption } from './SchemaForm/useCurrentOption';
import { useSelectOptions, type SliceSource } from './SchemaForm/useSelectOptions';

const BLANK: SelectOption = { id: '', name: '', nombre: '' };
/** How far each key moves the highlight: Page Up / Down a slice at a time. */
const STEPS: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: SELECT_PAGE_SIZE, PageUp: -SELECT_PAGE_SIZE };

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
}

export function Combobox(props: ComboboxProps) {
  const { id, value, onChange, source, listKey, cacheKey, allowNull, ids, filters, readOnly, disabled } = props;
  const { t, i18n } = useTranslation();
  const { rows, loading, loaded, hasMore, search, loadMore, pattern } = useSelectOptions(source, {
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
  const listRef = useRef<HTMLDivElement>(null);
  // set by a key that moves the highlight: only then is the list scrolled to it (a list the mouse scrolled stays put)
  const follow = useRef(false);

  // while a text is typed the user looks for something: no blank entry on top to tap by mistake (clearing the
  // text empties the value)
  const searching = editing && text.trim() !== '';
  const shown = allowNull && !searching ? [BLANK, ...rows] : rows;
  const listId = `${id}-listbox`;
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
  const close = () => {
    setOpen(false);
    setEditing(false);
    setActive(-1);
  };
  const pick = (o: SelectOption) => {
    onChange(o === BLANK ? null : o.id);
    close();
  };
  const type = (next: string) => {
    setText(next);
    setEditing(true);
    setOpen(true);
    setActive(-1);
    if (next.trim() === '') {
      onChange(null);
      search('', true);
    } else search(next);
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

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (off) return;
    const step = STEPS[e.key];
    if (step) {
      e.preventDefault();
      openList();
      move(active + step);
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      if (active >= 0 && shown[active]) pick(shown[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  return (
    <Box position="relative">
      <Input
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && active >= 0 && active < shown.length ? optionDomId(active) : undefined}
        aria-label={props.ariaLabel}
        value={display}
        placeholder={props.placeholder ?? t('form.select.placeholder')}
        required={props.required}
        readOnly={readOnly}
        disabled={disabled}
        autoFocus={props.autoFocus}
        size={props.size}
        {...props.inputProps}
        onChange={(e) => type(e.target.value)}
        onClick={openList}
        onKeyDown={onKeyDown}
        onFocus={props.onFocus}
        onBlur={() => {
          close();
          props.onBlur?.();
        }}
      />
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
                  bg={i === active ? 'bg.muted' : selected ? 'bg.subtle' : undefined}
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
