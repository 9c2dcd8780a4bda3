import { describe, expect, it, vi } from 'vitest';
import { fn } from 'storybook/test';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './DataTable.stories';
import { categoriaRows, memorySource, taskRows } from './memorySource';
import type { CellEdit } from './types';
import { emitUpdateList } from './updateList';
import i18next from '../../locales/i18n';
import { SEARCH_DEBOUNCE_MS } from '../../engine/list/sizes';

const { Default, EstimatedTotal, HundredThousandRows, Empty, ReadOnly, SavedColumns, SavedWidths, SlowNetwork, Records, Tasks } = composeStories(stories);

const table = () => screen.getByRole('table', { name: 'Categorías' });
const bodyRows = () => within(table()).queryAllByRole('row').filter((r) => r.closest('tbody') && r.hasAttribute('aria-rowindex'));
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0].textContent ?? '');
const loaded = () => waitFor(() => expect(bodyRows().length).toBeGreaterThan(5));
/** The first page, then the prefetch of the next one (the first page is about twice the rows in view). */
const settled = (source: { calls: unknown[] }) => waitFor(() => expect(source.calls.length).toBe(2));
const header = (name: string) => within(table()).getByRole('columnheader', { name });
/** What a screen reader reads with a field: the texts its aria-describedby names. */
const described = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

describe('DataTable', () => {
  it('shows the first rows, sorted by nombre, and the total', async () => {
    render(<Default />);
    await loaded();
    const names = firstCells();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(screen.getByText('Total: 250')).toBeTruthy();
    expect(table().getAttribute('aria-rowcount')).toBe('251');
  });

  it('says an estimated total is approximate, rounded, with an unknown row count for assistive tech', async () => {
    render(<EstimatedTotal />);
    await loaded();
    expect(screen.getByText('Total: aprox. 2700')).toBeTruthy();
    expect(table().getAttribute('aria-rowcount')).toBe('-1');
  });

  it('searches after the 300 ms debounce, from offset 0', async () => {
    const source = memorySource(categoriaRows(250));
    render(<Default source={source} />);
    await loaded();
    await settled(source);
    // the debounce on a fake clock: nothing is asked 1 ms before it ends, the search is asked when it ends
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'mayorista' } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(source.calls).toHaveLength(2);
      act(() => vi.advanceTimersByTime(1));
      expect(source.calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(firstCells().every((n) => n.startsWith('Mayorista'))).toBe(true));
    expect(source.calls[2]).toMatchObject({ pattern: 'mayorista', offset: 0 });
  });

  it('sorting toggles aria-sort and the order', async () => {
    render(<Default />);
    await loaded();
    expect(header('Nombre').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Tipo').getAttribute('aria-sort')).toBe('none');
    expect(header('Notas').hasAttribute('aria-sort')).toBe(false);
    const before = firstCells()[0];
    fireEvent.click(within(header('Nombre')).getByRole('button'));
    expect(header('Nombre').getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(firstCells()[0]).not.toBe(before));
    const names = firstCells();
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'es')));
  });

  it('the filter row filters a column after the debounce', async () => {
    render(<Default />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Filtrar por Grupo' }), { target: { value: 'G3' } });
    await waitFor(() => expect(bodyRows().every((r) => within(r).getAllByRole('cell')[2].textContent === 'G3')).toBe(true));
  });

  it('shows a loading indicator while fetching', async () => {
    render(<SlowNetwork latency={200} />);
    expect(screen.getByRole('status').textContent).toContain('Cargando');
    expect(table().getAttribute('aria-busy')).toBe('true');
    await loaded();
    await waitFor(() => expect(table().getAttribute('aria-busy')).toBe('false'));
  });

  it('starts with the column choice the user saved', async () => {
    render(<SavedColumns />);
    await loaded();
    expect(within(table()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Notas', 'Acciones']);
    expect(screen.queryByRole('button', { name: 'Guardar columnas' })).toBeNull();
  });

  it('columns take the widths the user saved; a column edge sizes its column from the keyboard, kept with the choice', async () => {
    const source = memorySource(categoriaRows(30), { savedColumns: ['nombre', 'tipo', 'notas'], savedWidths: { nombre: 320, notas: 120 } });
    render(<SavedWidths source={source} />);
    await loaded();
    const cols = () => [...table().querySelectorAll('colgroup > col')].map((c) => (c as HTMLElement).style.width);
    await waitFor(() => expect(cols()).toEqual(['320px', '', '120px', '']));
    const edge = within(header('Nombre')).getByRole('separator', { name: 'Ancho de la columna Nombre' });
    expect(edge.getAttribute('aria-valuenow')).toBe('320');
    fireEvent.keyDown(edge, { key: 'ArrowRight' });
    await waitFor(() => expect(cols()[0]).toBe('336px'));
    await waitFor(() => expect(source.saved.get('cols-categoria')).toBe(JSON.stringify({ columns: ['nombre', 'tipo', 'notas'], widths: { nombre: 336, notas: 120 } })));
    // Home gives the column back its share of the table
    fireEvent.keyDown(edge, { key: 'Home' });
    await waitFor(() => expect(cols()[0]).toBe(''));
    await waitFor(() => expect(JSON.parse(source.saved.get('cols-categoria')!)).toEqual({ columns: ['nombre', 'tipo', 'notas'], widths: { notas: 120 } }));
  });

  it('says so when there are no rows', async () => {
    render(<Empty />);
    expect(await screen.findByText('No hay registros para mostrar.')).toBeTruthy();
  });

  it('the save-columns button appears after a column change and goes away once saved', async () => {
    const source = memorySource(categoriaRows(30));
    render(<Default source={source} />);
    await loaded();
    expect(screen.queryByRole('button', { name: 'Guardar columnas' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Columnas' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Notas' }));
    await waitFor(() => expect(within(table()).queryByRole('columnheader', { name: 'Notas' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar columnas' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Guardar columnas' })).toBeNull());
    expect(source.saved.get('cols-categoria')).toBe('["nombre","tipo","grupo","valor","orden"]');
  });

  it('the column chooser moves a column up and down: the headers follow, the order is saved and the defaults bring it back', async () => {
    const source = memorySource(categoriaRows(30), { savedColumns: ['nombre', 'tipo', 'notas'] });
    render(<Default source={source} />);
    await loaded();
    const titles = () => within(table()).getAllByRole('columnheader').map((h) => h.textContent);
    expect(titles()).toEqual(['Nombre', 'Tipo', 'Notas', 'Acciones']);
    fireEvent.click(screen.getByRole('button', { name: 'Columnas' }));
    // the first shown column cannot go further up, the last one further down
    expect((await screen.findByRole('button', { name: 'Subir Nombre (más a la izquierda)' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Bajar Notas (más a la derecha)' }).hasAttribute('disabled')).toBe(true);
    const down = screen.getByRole('button', { name: 'Bajar Nombre (más a la derecha)' });
    expect(down.getAttribute('title')).toBe('Bajar Nombre (más a la derecha)');
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(titles()).toEqual(['Tipo', 'Nombre', 'Notas', 'Acciones']));
    // the keyboard stays on the moved column's button
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bajar Nombre (más a la derecha)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Subir Notas (más a la izquierda)' }));
    await waitFor(() => expect(titles()).toEqual(['Tipo', 'Notas', 'Nombre', 'Acciones']));
    // the chooser lists the shown columns in the table's order
    const checkboxes = within(screen.getByRole('dialog', { name: 'Columnas visibles' })).getAllByRole('checkbox');
    expect(checkboxes.slice(0, 3).map((c) => c.closest('label')?.textContent)).toEqual(['Tipo', 'Notas', 'Nombre']);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar columnas' }));
    await waitFor(() => expect(source.saved.get('cols-categoria')).toBe('["tipo","notas","nombre"]'));
    fireEvent.click(screen.getByRole('button', { name: 'Columnas predeterminadas' }));
    await waitFor(() => expect(source.saved.get('cols-categoria')).toBe('[]'));
    expect(titles().slice(0, 3)).toEqual(['Nombre', 'Tipo', 'Grupo']);
  });

  it('a column title dragged onto another takes its place; a drag of something else is not a column', async () => {
    const source = memorySource(categoriaRows(30), { savedColumns: ['nombre', 'tipo', 'notas'] });
    render(<Default source={source} />);
    await loaded();
    const titles = () => within(table()).getAllByRole('columnheader').map((h) => h.textContent);
    const carrying = (types: string[], data: string) => ({ types, getData: () => data, setData: () => {}, effectAllowed: '', dropEffect: '' });
    const column = carrying(['application/x-flujos-column'], 'notas');
    fireEvent.dragStart(header('Notas'), { dataTransfer: column });
    fireEvent.dragOver(header('Nombre'), { dataTransfer: column });
    fireEvent.drop(header('Nombre'), { dataTransfer: column });
    await waitFor(() => expect(titles()).toEqual(['Notas', 'Nombre', 'Tipo', 'Acciones']));
    fireEvent.drop(header('Tipo'), { dataTransfer: carrying(['text/plain'], 'nombre') });
    expect(titles()).toEqual(['Notas', 'Nombre', 'Tipo', 'Acciones']);
    expect(screen.getByRole('button', { name: 'Guardar columnas' })).toBeTruthy();
  });

  it('a click on a row opens it (show); its buttons keep their own action and have tooltips', async () => {
    const onShow = fn();
    const onEdit = fn();
    render(<Default onShow={onShow} onEdit={onEdit} />);
    await loaded();
    const row = bodyRows()[0];
    fireEvent.click(within(row).getAllByRole('cell')[0]);
    expect(onShow).toHaveBeenCalledOnce();
    const editButton = within(row).getByRole('button', { name: /^Editar [^:]*$/ });
    expect(editButton.getAttribute('title')).toBe(editButton.getAttribute('aria-label'));
    fireEvent.click(editButton);
    expect(onEdit).toHaveBeenCalledOnce();
    expect(onShow).toHaveBeenCalledOnce();
  });

  it('a row opens with where it sits in the list as shown (search, filters, sort), for previous / next in its form', async () => {
    const onShow = fn();
    render(<Default onShow={onShow} />);
    await loaded();
    fireEvent.click(within(header('Nombre')).getByRole('button'));
    await waitFor(() => expect(header('Nombre').getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() => expect(firstCells()).toEqual([...firstCells()].sort((a, b) => b.localeCompare(a, 'es'))));
    fireEvent.click(within(bodyRows()[2]).getAllByRole('cell')[0]);
    const [row, at] = onShow.mock.calls[0];
    expect(at).toMatchObject({ list: 'categoria', offset: 0, total: 250, estimated: false, query: { sort: 'nombre', sortOrder: 'desc' }, view: { sort: 'nombre', sortOrder: 'desc', pattern: '' } });
    expect(at.ids[2]).toBe(row.id);
    expect(at.query).not.toHaveProperty('cols');
  });

  it('opens with the search, filters and sort it is given (a list opened again from a form)', async () => {
    const source = memorySource(categoriaRows(250));
    render(<Default source={source} initialView={{ pattern: '', filters: { grupo: 'G3' }, sort: 'nombre', sortOrder: 'desc' }} />);
    await loaded();
    expect(source.calls[0]).toMatchObject({ offset: 0, sort: 'nombre', sortOrder: 'desc', filters: { grupo: 'G3' } });
    expect((screen.getByRole('textbox', { name: 'Filtrar por Grupo' }) as HTMLInputElement).value).toBe('G3');
    expect(header('Nombre').getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows().every((r) => within(r).getAllByRole('cell')[2].textContent === 'G3')).toBe(true);
  });

  it('without the roles there is no edit, remove or inline edit; show and add stay', async () => {
    render(<ReadOnly />);
    await loaded();
    expect(screen.getAllByRole('button', { name: /^Ver / }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('button', { name: /^(Editar|Eliminar) / })).toEqual([]);
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeTruthy();
  });

  it('with the roles, rows have edit and remove; remove asks first', async () => {
    const onRemoved = fn();
    render(<Default onRemoved={onRemoved} />);
    await loaded();
    const first = firstCells()[0];
    fireEvent.click(screen.getByRole('button', { name: `Eliminar ${first}` }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(onRemoved).toHaveBeenCalledTimes(1));
    expect(onRemoved).toHaveBeenCalledWith(categoriaRows(250).find((r) => r.nombre === first)?.id);
    await waitFor(() => expect(firstCells()[0]).not.toBe(first));
    expect(screen.getByText('Total: 249')).toBeTruthy();
  });

  it('edits an editable cell inline: Enter saves, Escape cancels', async () => {
    render(<Default />);
    await loaded();
    const cell = screen.getAllByRole('button', { name: /^Editar Valor de .+: / })[0];
    fireEvent.click(cell);
    const input = screen.getByRole('textbox', { name: 'Nuevo valor de Valor' });
    fireEvent.change(input, { target: { value: 'nuevo valor' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('button', { name: /^Editar Valor de .+: nuevo valor$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Editar Valor de .+: nuevo valor$/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Nuevo valor de Valor' }), { target: { value: 'otro' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Nuevo valor de Valor' }), { key: 'Escape' });
    expect(screen.getByRole('button', { name: /^Editar Valor de .+: nuevo valor$/ })).toBeTruthy();
  });

  it('writes days and amounts as people read them, amounts at the right, in either language', async () => {
    render(<Records />);
    const records = () => screen.getByRole('table', { name: 'Registros' });
    const cellsOf = (n: number) => within(records()).getAllByRole('row').filter((r) => r.closest('tbody'))[n].querySelectorAll('td');
    await waitFor(() => expect(cellsOf(0)[0].textContent).toBe('PED-000001'));
    const heads = within(records()).getAllByRole('columnheader').map((h) => h.textContent);
    const at = (name: string) => heads.indexOf(name);
    expect(cellsOf(0)[at('Fecha')].textContent).toBe('28/11/2026');
    expect(cellsOf(0)[at('Total')].textContent).toBe('1.159.785,50');
    // money as the items grid and totals write it: thousands grouped from four digits, two decimals
    expect(cellsOf(1)[at('Total')].textContent).toBe('1.840,00');
    expect(cellsOf(0)[at('Cliente')].textContent).toBe('Constructora Andina S.A.');
    // a choice the row holds none of reads as its default, as the form shows it; other empty cells stay blank
    expect(cellsOf(2)[at('Estado')].textContent).toBe('Abierto');
    expect(cellsOf(2)[at('Cliente')].textContent).toBe('');
    // figures line up at the right, under a title at the right; text stays at the left
    expect(cellsOf(1)[at('Total')].className).toContain('dt-end');
    expect(cellsOf(1)[at('Cliente')].className).not.toContain('dt-end');
    expect(getComputedStyle(within(records()).getByRole('columnheader', { name: 'Total' })).textAlign).toBe('end');
    // a day and an amount get narrow columns; text shares the rest
    const cols = records().querySelectorAll('col');
    expect(Number.parseInt((cols[at('Total')] as HTMLElement).style.width, 10)).toBeLessThan(171);
    expect((cols[at('Cliente')] as HTMLElement).style.width).toBe('');
    await act(() => i18next.changeLanguage('en'));
    try {
      await waitFor(() => expect(cellsOf(0)[at('Fecha')].textContent).toBe('28/11/2026'));
      await waitFor(() => expect(cellsOf(0)[at('Total')].textContent).toBe('1,159,785.50'));
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });

  it('long text is cut with the whole text as a tooltip; every cell with text has its tooltip (the width may cut it)', async () => {
    render(<Default />);
    await loaded();
    const cut = within(table()).getAllByRole('cell').find((c) => c.textContent?.endsWith('…'));
    expect(cut!.getAttribute('title')!.length).toBeGreaterThan(40);
    const withText = bodyRows().flatMap((r) => within(r).getAllByRole('cell').slice(0, 6)).filter((c) => c.textContent && !c.textContent.endsWith('…'));
    expect(withText.length).toBeGreaterThan(20);
    for (const c of withText) expect(c.getAttribute('title')).toBe(c.textContent);
  });

  it('a refused inline edit shows the reason at the cell and keeps the typed text until fixed or cancelled', async () => {
    const source = memorySource(categoriaRows(30));
    const saved = source.updateColumn!;
    source.updateColumn = async (edit) => {
      if (String(edit.colvalue).length > 10) throw Object.assign(new Error('refused'), { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'valor', code: 'maxLength', params: { max: 10 } }] });
      await saved(edit);
    };
    render(<Default source={source} />);
    await loaded();
    fireEvent.click(screen.getAllByRole('button', { name: /^Editar Valor de .+: / })[0]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nuevo valor de Valor' }), { target: { value: 'demasiado largo' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Nuevo valor de Valor' }), { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Máximo 10 caracteres');
    const input = screen.getByRole('textbox', { name: 'Nuevo valor de Valor' }) as HTMLInputElement;
    expect(input.value).toBe('demasiado largo');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    // leaving the cell keeps it; fixing it saves
    fireEvent.blur(input);
    expect((screen.getByRole('textbox', { name: 'Nuevo valor de Valor' }) as HTMLInputElement).value).toBe('demasiado largo');
    fireEvent.change(input, { target: { value: 'corto' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('button', { name: /^Editar Valor de .+: corto$/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // a number column says what it takes; Escape gives the edit up and the cell shows its value again
    const orden = screen.getAllByRole('button', { name: /^Editar Orden de .+: / })[0];
    const before = orden.textContent;
    fireEvent.click(orden);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nuevo valor de Orden' }), { target: { value: 'cinco' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Nuevo valor de Orden' }), { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Escriba un número entero.');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Nuevo valor de Orden' }), { key: 'Escape' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Editar Orden de .+: / })[0].textContent).toBe(before);
  });

  it('edits a task\'s hours and days as Spanish writes them ("2,25", dd/mm/yyyy); a day that does not exist stays with its reason', async () => {
    const source = memorySource(taskRows());
    const edits: CellEdit[] = [];
    const saved = source.updateColumn!;
    source.updateColumn = async (edit) => {
      edits.push(edit);
      await saved(edit);
    };
    render(<Tasks source={source} />);
    const editor = (column: string) => screen.getByRole('textbox', { name: `Nuevo valor de ${column}` }) as HTMLInputElement;
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Horas asignadas de Relevar la obra: 1,5' }));
    expect(editor('Horas asignadas').value).toBe('1,5');
    fireEvent.change(editor('Horas asignadas'), { target: { value: '2,25' } });
    fireEvent.keyDown(editor('Horas asignadas'), { key: 'Enter' });
    expect(await screen.findByRole('button', { name: 'Editar Horas asignadas de Relevar la obra: 2,25' })).toBeTruthy();
    expect(edits).toEqual([{ rowid: 1, tablename: 'tarea', colname: 'horas_asignadas', colvalue: 2.25, version: 1 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Editar Inicio estimado de Relevar la obra: 01/12/2026' }));
    expect(editor('Inicio estimado').value).toBe('01/12/2026');
    // a day that does not exist is not sent: the editor keeps it and says why
    fireEvent.change(editor('Inicio estimado'), { target: { value: '31/02/2026' } });
    fireEvent.keyDown(editor('Inicio estimado'), { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Ingrese una fecha válida (dd/mm/aaaa)');
    expect(editor('Inicio estimado').value).toBe('31/02/2026');
    expect(editor('Inicio estimado').getAttribute('aria-invalid')).toBe('true');
    expect(edits).toHaveLength(1);
    // digits typed get the day's slashes, as in the form's date field
    fireEvent.change(editor('Inicio estimado'), { target: { value: '15122026' } });
    expect(editor('Inicio estimado').value).toBe('15/12/2026');
    fireEvent.keyDown(editor('Inicio estimado'), { key: 'Enter' });
    expect(await screen.findByRole('button', { name: 'Editar Inicio estimado de Relevar la obra: 15/12/2026' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(edits[1]).toEqual({ rowid: 1, tablename: 'tarea', colname: 'fecha_inicio_estimada', colvalue: '2026-12-15', version: 2 });
  });

  it('a number filter reads what is typed as Spanish writes it ("1,5"); contradicting separators say why and are never sent', async () => {
    const source = memorySource(taskRows());
    render(<Tasks source={source} />);
    await screen.findByRole('button', { name: 'Editar Horas asignadas de Relevar la obra: 1,5' });
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const filter = screen.getByRole('textbox', { name: 'Filtrar por Horas asignadas' }) as HTMLInputElement;
    fireEvent.change(filter, { target: { value: '1,5' } });
    await waitFor(() => expect(source.calls.at(-1)?.filters).toEqual({ horas_asignadas: 1.5 }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Editar Horas asignadas de Presupuestar/ })).toBeNull());
    expect(screen.getByRole('button', { name: 'Editar Horas asignadas de Relevar la obra: 1,5' })).toBeTruthy();
    expect(filter.getAttribute('aria-invalid')).toBeNull();
    const asked = source.calls.length;
    fireEvent.change(filter, { target: { value: '2,5.3' } });
    expect(filter.getAttribute('aria-invalid')).toBe('true');
    // said under the filter, and to a screen reader with it
    expect(described(filter)).toBe('Los separadores no concuerdan: la coma separa los decimales (2,5) y el punto, los miles (1.250)');
    expect(screen.getByRole('alert').textContent).toBe(described(filter));
    // the text is never sent: the list stops filtering by it, as while the filter is blank
    await waitFor(() => expect(source.calls.length).toBeGreaterThan(asked));
    expect(source.calls.slice(asked).map((q) => q.filters)).toEqual(source.calls.slice(asked).map(() => ({})));
  });

  it('a text filter of one character says it needs two, and filters from the second', async () => {
    const source = memorySource(taskRows());
    render(<Tasks source={source} />);
    await screen.findByRole('button', { name: 'Editar Horas asignadas de Relevar la obra: 1,5' });
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const filter = screen.getByRole('textbox', { name: 'Filtrar por Título' }) as HTMLInputElement;
    fireEvent.change(filter, { target: { value: 'R' } });
    expect(described(filter)).toBe('Escriba al menos 2 caracteres para filtrar');
    expect(filter.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Escriba al menos 2 caracteres para filtrar')).toBe(true);
    fireEvent.change(filter, { target: { value: 'Re' } });
    await waitFor(() => expect(source.calls.at(-1)?.filters).toEqual({ titulo: 'Re' }));
    expect(filter.getAttribute('aria-describedby')).toBeNull();
  });

  it('an integer column\'s filter refuses a fraction with the cell edit\'s words', async () => {
    render(<Default />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const filter = screen.getByRole('textbox', { name: 'Filtrar por Orden' }) as HTMLInputElement;
    fireEvent.change(filter, { target: { value: '1,5' } });
    expect(filter.getAttribute('aria-invalid')).toBe('true');
    expect(described(filter)).toBe('Escriba un número entero.');
    fireEvent.change(filter, { target: { value: '1.000' } });
    expect(filter.getAttribute('aria-invalid')).toBeNull();
    expect(filter.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('Escriba un número entero.')).toBeNull();
  });

  it('the + key adds, except while typing', async () => {
    const onAdd = fn();
    render(<Default onAdd={onAdd} />);
    await loaded();
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Buscar' }), { key: '+' });
    expect(onAdd).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: '+' });
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('reloads from the first page on the app-wide update-list event', async () => {
    const source = memorySource(categoriaRows(30));
    render(<Default source={source} />);
    await loaded();
    await settled(source);
    const n = source.calls.length;
    act(() => emitUpdateList());
    await waitFor(() => expect(source.calls.length).toBeGreaterThan(n));
    expect(source.calls[n].offset).toBe(0);
  });

  it('reads its rows again when the language changes (names of values sort in the user\'s language)', async () => {
    const source = memorySource(categoriaRows(30));
    render(<Default source={source} />);
    await loaded();
    await settled(source);
    const n = source.calls.length;
    await act(() => i18next.changeLanguage('en'));
    try {
      await waitFor(() => expect(source.calls.length).toBeGreaterThan(n));
      expect(source.calls[n].offset).toBe(0);
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });

  it('100,000 rows: only the rows in view are in the DOM, and scrolling loads more', async () => {
    const source = memorySource(categoriaRows(100_000));
    render(<HundredThousandRows source={source} />);
    await loaded();
    expect(screen.getByText('Total: 100.000')).toBeTruthy();
    expect(table().getAttribute('aria-rowcount')).toBe('100001');
    expect(bodyRows().length).toBeLessThan(60);
    await waitFor(() => expect(source.calls.length).toBeGreaterThan(1));
    const before = source.calls.length;
    const scroller = screen.getByTestId('data-table-scroll');
    const lastIndex = Number(bodyRows().at(-1)?.getAttribute('aria-rowindex'));
    act(() => {
      scroller.scrollTop = 100_000;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => expect(source.calls.length).toBeGreaterThan(before));
    expect(source.calls.at(-1)?.offset).toBeGreaterThan(0);
    await waitFor(() => expect(Number(bodyRows().at(-1)?.getAttribute('aria-rowindex'))).toBeGreaterThan(lastIndex + 100));
    expect(bodyRows().length).toBeLessThan(60);
  });
});
