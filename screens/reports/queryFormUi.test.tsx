/** The report form's query pickers: the entities by their titles, the chosen entity's fields by their labels. */
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18next from '../../locales/i18n';
import { SchemaForm } from '../../widgets/SchemaForm/SchemaForm';
import { UiProvider } from '../../widgets/UiProvider';
import { entityOf } from '../metadata';
import { reportQueryKey, reportQueryUi } from './queryFormUi';

type Picker = { 'ui:widget': string; 'ui:options': { offered: { value: string; label: string }[]; allowNull?: boolean } };
const consultaUi = (data: Record<string, unknown>) => reportQueryUi(entityOf('reporte'), data).ui.consulta as Record<string, any>;
const values = (p: Picker) => p['ui:options'].offered.map((o) => o.value);

describe('report query pickers', () => {
  it('offers every entity by its title key', () => {
    const entidad = consultaUi({}).entidad as Picker;
    expect(entidad['ui:widget']).toBe('select');
    expect(values(entidad)).toEqual(expect.arrayContaining(['articulo', 'registro', 'categoria']));
    expect(entidad['ui:options'].offered.find((o) => o.value === 'articulo')?.label).toBe('entities.articulo.title');
  });

  it('offers the chosen entity\'s fields: all of them to group and filter by, the numeric ones to measure', () => {
    const ui = consultaUi({ consulta: { entidad: 'articulo' } });
    const group = ui.agrupar as Picker;
    expect(values(group)).toEqual(expect.arrayContaining(['nombre', 'activo', 'punto_reposicion', 'created_at']));
    expect(group['ui:options'].allowNull).toBe(true);
    expect(group['ui:options'].offered.find((o) => o.value === 'created_at')?.label).toBe('reports.createdAt');
    expect(group['ui:options'].offered.find((o) => o.value === 'nombre')?.label).toBe('entities.articulo.fields.nombre');
    const measured = values(ui.medidas.items.campo as Picker);
    expect(measured).toContain('punto_reposicion');
    expect(measured).not.toContain('nombre');
    expect(values(ui.filtros.items.campo as Picker)).toEqual(values(group));
  });

  it('offers no creation time for a table a module keeps (cheques keep none), as the server would refuse it', () => {
    const ui = consultaUi({ consulta: { entidad: 'cheque' } });
    expect(values(ui.agrupar as Picker)).toEqual(expect.arrayContaining(['fecha_cobro', 'importe']));
    expect(values(ui.agrupar as Picker)).not.toContain('created_at');
    expect(values(ui.filtros.items.campo as Picker)).not.toContain('created_at');
  });

  it('offers no field before an entity is chosen, and depends only on the entity chosen and whether its group is a date', () => {
    expect(values(consultaUi({}).agrupar as Picker)).toEqual([]);
    expect(reportQueryKey({ consulta: { entidad: 'articulo', agrupar: 'x' } })).toBe('articulo');
    expect(reportQueryKey({ consulta: { entidad: 'articulo', agrupar: 'nombre' } })).toBe('articulo');
    expect(reportQueryKey({ consulta: { entidad: 'articulo', agrupar: 'created_at' } })).not.toBe('articulo');
    expect(reportQueryKey({ consulta: null })).toBe('');
  });

  it('keeps the rest of the report\'s ui.json', () => {
    const ui = reportQueryUi(entityOf('reporte'), {}).ui;
    expect(ui['ui:order']).toEqual(entityOf('reporte').ui['ui:order']);
  });
});

describe('the report form\'s interval', () => {
  const form = (consulta: Record<string, unknown>, serverErrors: { field: string; code: string }[] = []) => {
    const data = { descripcion: 'x', clave: 'x', contexto: 'menurep', consulta };
    render(
      <UiProvider>
        <SchemaForm entity={reportQueryUi(entityOf('reporte'), data)} formData={data} serverErrors={serverErrors} optionsSource={async () => ({ total: 0, rows: [] })} onSubmit={() => {}} />
      </UiProvider>,
    );
    return screen.getByRole('combobox', { name: /^Intervalo de fechas/ }) as HTMLInputElement;
  };
  const NEEDS_DATE = 'Un intervalo necesita un campo de fecha en «Agrupar por»';
  /** The texts that describe a field to a screen reader. */
  const described = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent);

  it('says it needs a date to group by while the group is no date, and stays editable so it can be cleared', async () => {
    const interval = form({ entidad: 'articulo', agrupar: 'nombre', intervalo: 'mes' });
    expect(described(interval)).toEqual([NEEDS_DATE]);
    expect(interval.disabled).toBe(false);
    expect(interval.readOnly).toBe(false);
    await act(() => i18next.changeLanguage('en'));
    expect(described(interval)).toEqual(['An interval needs a date field in “Group by”']);
  });

  it('says nothing once the group is a date', () => {
    const interval = form({ entidad: 'articulo', agrupar: 'created_at', intervalo: 'mes' });
    expect(screen.queryByText(NEEDS_DATE)).toBeNull();
    expect(interval.disabled).toBe(false);
  });

  it('says what the server answers on save (INTERVALO_SIN_FECHA at consulta.intervalo)', () => {
    const interval = form({ entidad: 'articulo', agrupar: 'nombre', intervalo: 'mes' }, [{ field: 'consulta.intervalo', code: 'INTERVALO_SIN_FECHA' }]);
    expect(interval.getAttribute('aria-invalid')).toBe('true');
    // the field's error says what its help says: shown, and heard with the field, once
    expect(screen.getAllByText(NEEDS_DATE).map((e) => e.id)).toEqual(['field::root_consulta_intervalo::error-text']);
    expect(described(interval)).toEqual([NEEDS_DATE]);
  });
});
