/**
 * Select with remote options (ui:widget "select", `ui:options`: list, allowNull, ids, filters): an input
 * (role combobox) and a listbox of 10-option slices from `{list}/select`; typing searches after 800 ms,
 * scrolling to the end loads the next slice, clearing the text clears the value. Without `list` it offers
 * the schema's enum the same way.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Input, Text } from '@chakra-ui/react';
import { getSchemaType, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../engine/list/query';
import { formContextOf } from './context';
import { emptyValueOf } from './empty';
import { idForSchema, isNearEnd, localPage, optionText, readSelectConfig } from './selectOptions';
import { rememberOptions, useCurrentOption } from './useCurrentOption';
import { useSelectOptions, type SliceSource } from './useSelectOptions';

const BLANK: SelectOption = { id: '', name: '', nombre: '' };

export function SelectWidget(props: WidgetProps) {
  const { id, value, schema, options, registry, onChange, onBlur, onFocus, readonly, disabled, autofocus, placeholder, required } = props;
  const { t, i18n } = useTranslation();
  const cfg = readSelectConfig(options);
  const { optionsSource } = formContextOf(registry);
  const local = useMemo(
    () => (options.enumOptions ?? []).map((o) => ({ id: o.value as string | number, name: o.label, nombre: o.label })),
    [options.enumOptions],
  );
  const listKey = cfg.list ?? `enum:${id}`;
  const source: SliceSource = useMemo(
    () => (cfg.list ? (q) => optionsSource(cfg.list!, q) : async (q) => localPage(local, q)),
    [cfg.list, optionsSource, local],
  );
  if (!cfg.list) rememberOptions(listKey, local);

  const { rows, loading, loaded, hasMore, search, loadMore, pattern } = useSelectOptions(source, {
    ids: cfg.ids,
    filters: cfg.filters,
    onRows: (r) => rememberOptions(listKey, r),
  });
  const current = useCurrentOption(value, listKey, source, cfg.filters);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);

  const shown = cfg.allowNull ? [BLANK, ...rows] : rows;
  const listId = `${id}-listbox`;
  const optionDomId = (i: number) => `${id}-option-${i}`;
  const numeric = ['integer', 'number'].includes(String(getSchemaType(schema)));
  const label = (o: SelectOption) => optionText(o, i18n.language);
  const display = editing ? text : current ? label(current) : value === null || value === undefined ? '' : String(value);
  const off = readonly || disabled;

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
    onChange(o === BLANK ? emptyValueOf(schema, options) : idForSchema(o.id, numeric));
    close();
  };
  const type = (next: string) => {
    setText(next);
    setEditing(true);
    setOpen(true);
    setActive(-1);
    if (next.trim() === '') {
      onChange(emptyValueOf(schema, options));
      search('', true);
    } else search(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (off) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openList();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.max(0, Math.min(shown.length - 1, a + step)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      if (active >= 0 && shown[active]) pick(shown[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
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
        aria-activedescendant={open && active >= 0 ? optionDomId(active) : undefined}
        value={display}
        placeholder={placeholder || t('form.select.placeholder')}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        onChange={(e) => type(e.target.value)}
        onClick={openList}
        onKeyDown={onKeyDown}
        onFocus={() => onFocus(id, value)}
        onBlur={() => {
          close();
          onBlur(id, value);
        }}
      />
      {open && (
        <Box position="absolute" top="100%" left="0" right="0" zIndex="dropdown" mt="1" bg="bg.panel" borderWidth="1px" borderRadius="md" boxShadow="md">
          <Box
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={`field::${id}::label`}
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
