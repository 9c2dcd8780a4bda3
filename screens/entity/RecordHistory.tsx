/**
 * A record's history (the audit log, `<entity>/history/<id>`): a button that opens the list of changes,
 * newest first — when, who, what was done, and each changed field the form shows with its value before and after
 * (a referenced row by its name: ./useReferenceNames.ts; a day as dd/mm/yyyy, an amount in the language's numbers; a value with
 * a locale name by that name, as lists and forms show it: an enum's, a category's type, a category's value within
 * the group it had then: ./historyScopes.ts); child rows as added,
 * removed and changed, each by its naming field or by the name the screen gives it (`nameRow`: a flow's steps and
 * connections as its designer shows them). Loads 50 at a time.
 */
import { useMemo, useState } from 'react';
import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { momentText } from '../../engine/dates';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../engine/api/entityApi';
import { valueNameKey, valueNamesOf, type ResolvedEntity } from '../../engine/metadata/resolve';
import { shownDate, shownKind } from '../../engine/metadata/shownField';
import { childRowsOf, fieldChanges, keysOf, withActionChanges } from './historyChanges';
import { historyScopes, type EntryScopes } from './historyScopes';
import { referenceKey, referencedBy, useReferenceNames } from './useReferenceNames';
import { Modal } from '../../widgets/Modal';
import { formatMoney, formatNumber } from '../../widgets/money';
import { valueNamesKey } from '../../widgets/SchemaForm/namedOptions';
import { entityCalls } from '../app/entityData';
import { LoadFailed } from '../../widgets/LoadFailed';

const PAGE = 50;

function valueText(v: unknown, yes: string, no: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? yes : no;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Fields whose values are named within another field's value (ui.json `valueNames.within`), with that field. */
const scopedFields = (entity: ResolvedEntity) =>
  Object.keys(entity.schema.properties ?? {}).flatMap((f) => {
    const within = valueNamesOf(entity.ui, f)?.within;
    return within ? [[f, within] as const] : [];
  });

/** Rows added or removed that an entry names; past them, how many more. */
const NAMED_ROWS = 5;

/**
 * The field that names a child's rows in the history: its first reference (an item's article), else its first
 * text field the form shows; null when it has neither (the rows are counted).
 */
export function namingField(entity: ResolvedEntity, child: string): string | null {
  const items = keysOf(keysOf(entity.schema.properties?.[child]).items);
  const fields = Object.entries(keysOf(items.properties)) as [string, { type?: unknown }][];
  const shown = fields.filter(([f]) => shownKind(entity.schema, entity.ui, `${child}.${f}`) !== 'hidden');
  return (shown.find(([f]) => referencedBy(entity, `${child}.${f}`)) ?? shown.find(([, p]) => [p.type].flat().includes('string')))?.[0] ?? null;
}

interface EntryProps {
  entity: ResolvedEntity;
  entry: AuditEntry;
  within: ReadonlyMap<string, string>;
  scopes: EntryScopes[number];
  references: ReadonlyMap<string, string>;
  /** Child rows as added or removed in the loaded entries (./historyChanges.ts `childRowsOf`). */
  childRows: ReadonlyMap<string, Record<string, unknown>>;
  choiceNames?: ChoiceNames;
  nameRow?: RowNamer;
}

/** An action's choices by name where the screen knows them: `{ respuesta: { si: 'Sí' } }` (a flow's answers). */
export type ChoiceNames = Readonly<Partial<Record<string, Readonly<Record<string, string>>>>>;

/**
 * A child row's name where the screen knows better than its naming field (a flow's step by what it says, a
 * connection by its ends); undefined: the naming field's. The row is as the entry has it (a changed row of which
 * the loaded history shows no more: only its `id`); `history` holds the rows the loaded entries added or removed,
 * by `<child>:<id>` (a step removed since, which a connection names).
 */
export type RowNamer = (child: string, row: Readonly<Record<string, unknown>>, history: ReadonlyMap<string, Record<string, unknown>>) => string | null | undefined;

function EntryChanges({ entity, entry, within, scopes, references, childRows, choiceNames, nameRow }: EntryProps) {
  const { t, i18n } = useTranslation();
  const value = (v: unknown, path: string, side: 0 | 1 = 0): string => {
    // a referenced row by its name (a client, an activity), once known
    const ref = referencedBy(entity, path);
    const name = ref && v !== null && v !== undefined ? references.get(referenceKey(ref, v)) : undefined;
    if (name !== undefined) return name;
    // a list of values (a user's roles) by their names
    if (Array.isArray(v) && v.length && v.every((x) => typeof x !== 'object')) return v.map((x) => value(x, path, side)).join(', ');
    // a day and an amount as a form in view mode writes them
    const kind = shownKind(entity.schema, entity.ui, path);
    if (kind === 'date' && typeof v === 'string') return shownDate(entity.schema, entity.ui, path, v) ?? v;
    if (kind === 'moment' && typeof v === 'string') return momentText(v, i18n.language);
    if (kind === 'number' && typeof v === 'number') return formatNumber(v, i18n.language);
    if (kind === 'money' && typeof v === 'number') return formatMoney(v, i18n.language);
    // a category's valor is named within the grupo it had then
    const scope = within.get(path);
    const key = scope ? valueNameKey(entity.name, path, { within: scope }, v, { [scope]: scopes[scope]?.[side] }) ?? '' : `${valueNamesKey(entity.name, path)}.${String(v)}`;
    // a key that names a group of names (a category valor's group, `enums.valor.perfil_tipo`) is no value's name
    const named = (typeof v === 'string' || typeof v === 'number') && i18n.exists(key) && typeof t(key, { returnObjects: true }) === 'string';
    return named ? t(key) : valueText(v, t('dataTable.yes'), t('dataTable.no'));
  };
  const fieldLabel = (f: string) => t(`entities.${entity.name}.fields.${f}`, { defaultValue: f });
  const itemLabel = (child: string, f: string) => t(`entities.${entity.name}.items.${child}.${f}`, { defaultValue: f });
  const label = (path: string) => {
    const [f, inner] = path.split('.');
    return inner === undefined ? fieldLabel(f) : `${fieldLabel(f)} · ${itemLabel(f, inner)}`;
  };
  const lines: string[] = [];
  // a field the form hides is the app's plumbing (a flow position, a holder's id, computed taxes): not listed
  const changes = fieldChanges(entity, entry).filter((c) => shownKind(entity.schema, entity.ui, c.path) !== 'hidden');
  // a child row by what names it (an item by its article); null when it has nothing that does
  const rowName = (child: string, row: Record<string, unknown> | undefined) => {
    const own = row && nameRow?.(child, row, childRows);
    if (own !== undefined) return own;
    const field = namingField(entity, child);
    return !field || !row || row[field] == null || row[field] === '' ? null : value(row[field], `${child}.${field}`);
  };
  const changeLines = (child?: string) =>
    changes
      .filter((c) => c.child === child)
      .map((c) => {
        // a changed item says which one, when the history loaded shows how it was added; not when the change is
        // of the field that names it (its value before says which row, and the name as added may be older still)
        const names = child !== undefined && c.path !== `${child}.${namingField(entity, child)}`;
        const name = names ? rowName(child, childRows.get(`${child}:${String(c.row)}`) ?? { id: c.row }) : null;
        const before = value(c.before, c.path, 0);
        const which = name && name !== before ? ` (${name})` : '';
        return `${label(c.path)}${which}: ${before} → ${value(c.after, c.path, 1)}`;
      });
  lines.push(...changeLines());
  // rows added or removed by what names them, as many as fit a line
  const rowNames = (child: string, rows: readonly Record<string, unknown>[]) => {
    const names = rows.map((r) => rowName(child, r)).filter((n): n is string => n !== null);
    if (names.length < rows.length) return null;
    const shown = names.slice(0, NAMED_ROWS).join('; ');
    return names.length > NAMED_ROWS ? t('history.rowsMore', { names: shown, count: names.length - NAMED_ROWS }) : shown;
  };
  for (const [child, diff] of Object.entries(entry.changes.children ?? {})) {
    const title = fieldLabel(child);
    for (const [rows, key] of [[diff.added, 'Added'], [diff.removed, 'Removed']] as const) {
      if (!rows?.length) continue;
      const names = rowNames(child, rows);
      lines.push(names ? t(`history.rows${key}Named`, { child: title, names, count: rows.length }) : t(`history.rows${key}`, { child: title, count: rows.length }));
    }
    lines.push(...changeLines(child));
  }
  // an action's request: the record's fields it names and the choices a person made (a move's answer), by name;
  // the rest (a version, a flow's step key) is the app's plumbing
  for (const [k, v] of Object.entries(keysOf(entry.changes.body))) {
    if (v === null || v === undefined || k === 'id' || k === 'version') continue;
    const field = entity.schema.properties?.[k] !== undefined && shownKind(entity.schema, entity.ui, k) !== 'hidden';
    if (field) lines.push(`${fieldLabel(k)}: ${value(v, k)}`);
    else if (i18n.exists(`history.body.${k}`) && (typeof v !== 'object' || Array.isArray(v))) lines.push(`${t(`history.body.${k}`)}: ${[v].flat().map((x) => choiceNames?.[k]?.[String(x)] ?? x).join(', ')}`);
  }
  return (
    <Box as="li" listStyleType="none" borderBottomWidth="1px" py="2">
      <Text fontWeight="medium" textStyle="sm">
        {momentText(entry.at, i18n.language)} · {entry.username} · {t(`history.actions.${entry.action}`, { defaultValue: entry.action })}
      </Text>
      {lines.map((line, i) => (
        <Text key={i} textStyle="sm" color="fg.muted" wordBreak="break-word">
          {line}
        </Text>
      ))}
    </Box>
  );
}

export function RecordHistory({ entity, id, choiceNames, nameRow }: { entity: ResolvedEntity; id: number | string; choiceNames?: ChoiceNames; nameRow?: RowNamer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  // a page that could not be read: said in the dialog (the call is quiet), with a retry of that page
  const [failed, setFailed] = useState<{ error: unknown; offset: number } | null>(null);
  const within = useMemo(() => new Map(scopedFields(entity)), [entity]);
  // a move and the change it made are one entry (the pages count the rows as loaded)
  const shown = useMemo(() => withActionChanges(entries ?? []), [entries]);
  const scopes = useMemo(() => historyScopes(shown, [...new Set(within.values())]), [shown, within]);
  const references = useReferenceNames(entity, entries);
  const childRows = useMemo(() => childRowsOf(entries ?? []), [entries]);

  const load = async (offset: number) => {
    setLoading(true);
    setFailed(null);
    try {
      const page = await entityCalls.history(entity.name, id, { offset, max: PAGE });
      setEntries((e) => (offset === 0 ? page.rows : [...(e ?? []), ...page.rows]));
      setTotal(page.total);
    } catch (error) {
      setFailed({ error, offset });
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          setOpen(true);
          setEntries(null);
          void load(0);
        }}
      >
        {t('history.open')}
      </Button>
      {open && (
        <Modal open onClose={() => setOpen(false)} title={t('history.title')} width={640} persistent={false}>
          {entries === null ? (
            failed ? (
              <LoadFailed error={failed.error} onRetry={() => void load(failed.offset)} />
            ) : (
              <Spinner aria-label={t('app.loading')} />
            )
          ) : entries.length === 0 ? (
            <Text color="fg.muted">{t('history.empty')}</Text>
          ) : (
            <Stack as="ul" gap="0" aria-label={t('history.title')}>
              {shown.map((e, i) => (
                <EntryChanges key={e.id} entity={entity} entry={e} within={within} scopes={scopes[i]} references={references} childRows={childRows} choiceNames={choiceNames} nameRow={nameRow} />
              ))}
            </Stack>
          )}
          {entries && failed && <LoadFailed error={failed.error} onRetry={() => void load(failed.offset)} />}
          {entries && !failed && entries.length < total && (
            <Button mt="3" size="sm" variant="ghost" loading={loading} onClick={() => void load(entries.length)}>
              {t('history.more')}
            </Button>
          )}
        </Modal>
      )}
    </>
  );
}
