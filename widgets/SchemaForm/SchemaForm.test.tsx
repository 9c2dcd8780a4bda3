import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import i18next from 'i18next';
import * as stories from './SchemaForm.stories';

const { Categoria, AllFields, ShowMode, ServerErrors, HelpAndError, WithSubHeader } = composeStories(stories);

/** The input of a field label (the label text may end with the required marker). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
/** The elements that describe an input to a screen reader (its aria-describedby). */
const describers = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id));
/** Whether a screen reader reads `text` with the input: it is within what describes it. */
const describes = (text: string, input: HTMLElement) => describers(input).some((d) => d !== null && d.contains(screen.getByText(text)));

describe('SchemaForm', () => {
  it('labels target their inputs, for every field kind', () => {
    render(<AllFields />);
    for (const label of ['Nombre', 'Correo', 'Orden', 'Precio', 'Fecha', 'Categoría', 'Tipo', 'Notas', 'CUIT']) {
      const input = field(label);
      expect(['INPUT', 'TEXTAREA']).toContain(input.tagName);
    }
    expect((field('Activo')).type).toBe('checkbox');
    expect(field('Nombre del contacto')).toHaveProperty('value', 'Ana');
  });

  it('does not cut a text at maxLength: it says the limit at once (./TextLength.test.tsx)', async () => {
    render(<Categoria />);
    expect(field('Nombre').getAttribute('maxlength')).toBeNull();
    expect(field('Notas').getAttribute('maxlength')).toBeNull();
    fireEvent.change(field('Nombre'), { target: { value: 'n'.repeat(121) } });
    expect(field('Nombre').value).toHaveLength(121);
    expect(await screen.findByText('Máximo 120 caracteres')).toBeTruthy();
  });

  it('marks required fields', () => {
    render(<Categoria />);
    expect((field('Nombre')).required).toBe(true);
    expect((field('Grupo')).required).toBe(false);
  });

  it('shows the required message in Spanish, then in English after a language change', async () => {
    render(<Categoria />);
    submit();
    expect(await screen.findByText('El campo Nombre es obligatorio')).toBeTruthy();
    expect(screen.getByText('El campo Tipo es obligatorio')).toBeTruthy();
    await act(() => i18next.changeLanguage('en'));
    expect(await screen.findByText('The field Name is required')).toBeTruthy();
    expect(screen.getByText(/^Parent category/)).toBeTruthy();
  });

  it('shows one message per field with the spec precedence', async () => {
    render(<AllFields />);
    fireEvent.change(field('Precio'), { target: { value: '-1,234' } });
    fireEvent.change(field('Nombre'), { target: { value: 'ab' } });
    submit();
    expect(await screen.findByText('Máximo 2 decimales')).toBeTruthy();
    expect(screen.queryByText('El valor mínimo es 0')).toBeNull();
    expect(screen.getByText('Mínimo 3 caracteres')).toBeTruthy();
  });

  it('puts server errors on their fields, one each', () => {
    render(<ServerErrors />);
    const nombre = field('Nombre');
    expect(nombre.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Máximo 120 caracteres')).toBeTruthy();
    expect(screen.queryByText('El campo Nombre es obligatorio')).toBeNull();
    expect(screen.getByText('Debe estar entre 0 y 100.000')).toBeTruthy();
    // heard with the field, not only tied by aria-errormessage (which screen readers mostly skip)
    expect(describes('Máximo 120 caracteres', nombre)).toBe(true);
    expect(describes('Debe estar entre 0 y 100.000', field('Orden'))).toBe(true);
    fireEvent.change(nombre, { target: { value: 'Clientes VIP' } });
    expect(screen.queryByText('Máximo 120 caracteres')).toBeNull();
    expect(screen.getByText('Debe estar entre 0 y 100.000')).toBeTruthy();
  });

  it('after a save the server refused, checks fields as they are typed, as after one it refused itself', async () => {
    render(<ServerErrors />);
    fireEvent.change(field('Nombre'), { target: { value: '' } });
    expect(await screen.findByText('El campo Nombre es obligatorio')).toBeTruthy();
  });

  it('describes an input by its help and its error when both show, by its help alone once the error goes', () => {
    render(<HelpAndError />);
    const nombre = field('Nombre');
    expect(describes('Como se verá en las listas.', nombre)).toBe(true);
    expect(describes('Ya existe otro registro con este valor', nombre)).toBe(true);
    fireEvent.change(nombre, { target: { value: 'Clientes VIP' } });
    expect(screen.queryByText('Ya existe otro registro con este valor')).toBeNull();
    expect(describes('Como se verá en las listas.', nombre)).toBe(true);
    expect(field('Orden').getAttribute('aria-describedby')).toBeNull();
  });

  it('says once what its help and its error both say', () => {
    const same = 'Ya existe otro registro con este valor';
    const { entity } = HelpAndError.args as { entity: { ui: Record<string, unknown> } };
    render(<HelpAndError entity={{ ...entity, ui: { ...entity.ui, nombre: { 'ui:description': same } } } as never} />);
    const nombre = field('Nombre');
    expect(screen.getAllByText(same)).toHaveLength(1);
    expect(document.getElementById(nombre.getAttribute('aria-describedby')!)?.textContent).toBe(same);
    // the error gone, the help is back
    fireEvent.change(nombre, { target: { value: 'Clientes VIP' } });
    expect(screen.getAllByText(same)).toHaveLength(1);
    expect(describes(same, nombre)).toBe(true);
  });

  it('marks a conditional required field only while its condition holds', async () => {
    render(<AllFields />);
    const cuit = () => field('CUIT');
    expect(cuit().required).toBe(false);
    fireEvent.click(field('Es empresa'));
    await waitFor(() => expect(cuit().required).toBe(true));
  });

  it('renders an unknown widget as a visible box', () => {
    render(<AllFields />);
    expect(screen.getByRole('note').textContent).toBe('Widget desconocido: colorWheel');
  });

  it('adds and removes child table rows', async () => {
    render(<AllFields />);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(screen.getAllByLabelText(/^Nombre del contacto/)).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Quitar' })[0]);
    await waitFor(() => expect(screen.getAllByLabelText(/^Nombre del contacto/)).toHaveLength(1));
  });

  it('submits valid data with the record keys it does not show (id, version)', async () => {
    render(<AllFields />);
    submit();
    const out = await screen.findByTestId('form-submitted');
    expect(JSON.parse(out.textContent!)).toMatchObject({ id: 7, version: 3, nombre: 'Acme' });
  });

  it('show mode is a read-only detail layout: values as text, not inputs, without add / remove', async () => {
    render(<ShowMode />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('group', { name: 'Nombre' }).textContent).toBe('Acme');
    expect(screen.getByRole('group', { name: 'Fecha' }).textContent).toBe('29/02/2024');
    // grouped as the items grid and the lists write amounts
    expect(screen.getByRole('group', { name: 'Precio' }).textContent).toBe('1.250,5');
    expect(screen.getByRole('group', { name: 'Activo' }).textContent).toBe('Sí');
    expect(screen.getByRole('group', { name: 'Es empresa' }).textContent).toBe('No');
    expect(screen.getByRole('group', { name: 'CUIT' }).textContent).toBe('—');
    expect(screen.queryByRole('button', { name: 'Agregar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar' })).toBeNull();
  });

  it('is submitted by the SubHeader save button outside it', async () => {
    render(<WithSubHeader />);
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save.getAttribute('form')).toBe('categoria-form');
    expect(document.getElementById('categoria-form')?.tagName).toBe('FORM');
    fireEvent.click(save);
    expect(await screen.findByText('El campo Nombre es obligatorio')).toBeTruthy();
  });

  it('says when typed data differs from the data given, and not for the defaults it fills in', async () => {
    const onDirtyChange = vi.fn();
    render(<AllFields onDirtyChange={onDirtyChange} />);
    const last = () => onDirtyChange.mock.calls.at(-1)?.[0];
    expect(last()).toBe(false);
    fireEvent.change(field('Nombre'), { target: { value: 'Acme S.A.' } });
    await waitFor(() => expect(last()).toBe(true));
    fireEvent.change(field('Nombre'), { target: { value: 'Acme' } });
    await waitFor(() => expect(last()).toBe(false));
  });

  it('on a refused save focuses the first field in error, in screen order', async () => {
    render(<Categoria />);
    submit();
    await waitFor(() => expect(document.activeElement).toBe(field('Tipo')));
  });

  it('on a refused save leaves the focus where the user moved it before the errors were marked', async () => {
    const frames = (n: number) => new Promise<void>((done) => (n ? requestAnimationFrame(() => void frames(n - 1).then(done)) : done()));
    render(<Categoria />);
    // saved from a field (Ctrl+S): the focus goes from it to the first field in error
    field('Grupo').focus();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(field('Tipo')));
    // the user clicks into another field at once: the keys typed next go there, not to the field in error
    submit();
    field('Grupo').focus();
    await frames(4);
    expect(document.activeElement).toBe(field('Grupo'));
  });

  it('focuses the first field a server error names', async () => {
    render(<ServerErrors />);
    await waitFor(() => expect(document.activeElement).toBe(field('Nombre')));
  });
});
