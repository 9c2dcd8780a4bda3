/** The flow designer's pieces, through their stories: what a user sees and what their clicks and typing do. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as canvasStories from './FlowCanvas.stories';
import * as inspectorStories from './StepInspector.stories';
import * as problemStories from './ProblemList.stories';
import * as toolbarStories from './FlowToolbar.stories';

const { Compras, WithProblems } = composeStories(canvasStories);
const { Nothing, ActivityStep, Specialization, AnswerWithoutText, Option, ReadOnlyNothing, ReadOnlySpecialization } = composeStories(inspectorStories);
const { Problems, NoProblems, Empty } = composeStories(problemStories);
const { Default: Toolbar, Fresh } = composeStories(toolbarStories);

describe('FlowToolbar', () => {
  it('adds the kind clicked, and offers undo / redo only when there is something to undo or redo', () => {
    const onAdd = vi.fn();
    const onUndo = vi.fn();
    render(<Toolbar onAdd={onAdd} onUndo={onUndo} />);
    const palette = screen.getByRole('toolbar', { name: 'Agregar pasos' });
    fireEvent.click(within(palette).getByRole('button', { name: 'Pregunta' }));
    fireEvent.click(within(palette).getByRole('button', { name: 'Especialización' }));
    expect(onAdd.mock.calls).toEqual([['pregunta'], ['especializacion']]);
    expect(within(palette).getAllByRole('button').map((b) => b.textContent)).toEqual(['+Inicio', '+Fin', '+Actividad', '+Pregunta', '+Respuesta', '+Especialización', '+Subflujo']);
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(onUndo).toHaveBeenCalledOnce();
    expect((screen.getByRole('button', { name: 'Rehacer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a fresh flow has nothing to undo', () => {
    render(<Fresh />);
    expect((screen.getByRole('button', { name: 'Deshacer' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ProblemList', () => {
  it('names each problem with its step, translated; a click picks the step', () => {
    const onPick = vi.fn();
    render(<Problems onPick={onPick} />);
    expect(screen.getByRole('heading', { name: 'Problemas (3)' })).toBeTruthy();
    const missing = screen.getByRole('button', { name: /Actividad: Elija la actividad — El paso de actividad no tiene actividad/ });
    fireEvent.click(missing);
    expect(onPick).toHaveBeenCalledWith('n2');
    screen.getByRole('button', { name: /Respuesta: Sin texto — La respuesta no tiene texto/ });
    screen.getByRole('button', { name: /Pregunta: ¿Aprobado\? — Una pregunta necesita al menos dos respuestas/ });
  });

  it('says so when there is no problem; problems of the whole flow name no step', () => {
    const { unmount } = render(<NoProblems />);
    screen.getByText('Sin problemas: el flujo se puede verificar.');
    unmount();
    render(<Empty />);
    expect(screen.getByText('El flujo no tiene pasos.').tagName).not.toBe('BUTTON');
  });
});

describe('StepInspector', () => {
  it('with nothing selected, says how to start', () => {
    render(<Nothing />);
    screen.getByText(/Seleccione un paso o una conexión/);
  });

  it('read-only (a flow looked at): says how to see a step, and offers nothing that changes it', () => {
    const { unmount } = render(<ReadOnlyNothing />);
    screen.getByText('Seleccione un paso o una conexión para ver sus datos.');
    unmount();
    render(<ReadOnlySpecialization />);
    expect(screen.queryByRole('button', { name: 'Borrar paso' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Conectar con' })).toBeNull();
    expect((screen.getAllByRole('textbox', { name: 'Texto de la opción' }) as HTMLInputElement[]).every((o) => o.readOnly || o.disabled)).toBe(true);
  });

  it('an activity step shows the activity it names, picked from the activities', async () => {
    render(<ActivityStep />);
    const pick = screen.getByRole('combobox', { name: 'Actividad' }) as HTMLInputElement;
    await waitFor(() => expect(pick.value).toBe('Solicitud de compra'));
    fireEvent.click(pick);
    fireEvent.click(await screen.findByRole('option', { name: 'Orden de compra' }));
    await waitFor(() => expect(pick.value).toBe('Orden de compra'));
    // its one way out
    const out = screen.getByRole('list', { name: 'Conexiones de salida' });
    expect(within(out).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Actividad: Aprobación de compra')]);
  });

  it('a specialization lists its options: their texts, and one default chosen among them', () => {
    render(<Specialization />);
    const options = screen.getAllByRole('textbox', { name: 'Texto de la opción' }) as HTMLInputElement[];
    expect(options.map((o) => o.value)).toEqual(['Hasta $500.000', 'Más de $500.000']);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.checked)).toEqual([true, false]);
    fireEvent.click(radios[1]);
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).map((r) => r.checked)).toEqual([false, true]);
    fireEvent.change(options[1], { target: { value: 'Más de $1.000.000' } });
    expect((screen.getAllByRole('textbox', { name: 'Texto de la opción' })[1] as HTMLInputElement).value).toBe('Más de $1.000.000');
  });

  it('connects the step with another one chosen from a list, and deletes a connection', () => {
    render(<AnswerWithoutText />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Texto' }), { target: { value: 'Sí' } });
    expect((screen.getByRole('textbox', { name: 'Texto' }) as HTMLInputElement).value).toBe('Sí');
    const select = screen.getByRole('combobox', { name: 'Conectar con' }) as HTMLSelectElement;
    // no way back into the start, nor a second connection to where it already goes
    expect([...select.options].map((o) => o.value)).toEqual(['', 'n2', 'n3']);
    fireEvent.change(select, { target: { value: 'n2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    const out = screen.getByRole('list', { name: 'Conexiones de salida' });
    expect(within(out).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Borrar la conexión a Fin' }));
    expect(within(screen.getByRole('list', { name: 'Conexiones de salida' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('an option selected on the canvas: its text, default, and delete', () => {
    render(<Option />);
    screen.getByText(/Especialización: Monto → Actividad: Aprobación de gerencia/);
    expect((screen.getByRole('textbox', { name: 'Texto de la opción' }) as HTMLInputElement).value).toBe('Más de $500.000');
    expect((screen.getByRole('radio', { name: 'Opción por defecto' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Borrar conexión' }));
    screen.getByText(/Seleccione un paso o una conexión/);
  });
});

describe('FlowCanvas', () => {
  it('draws every step with what it says, and the options on their connections', async () => {
    const { container } = render(<Compras />);
    await waitFor(() => expect(container.querySelectorAll('.react-flow__node')).toHaveLength(12));
    const steps = [...container.querySelectorAll('.react-flow__node')].map((n) => n.textContent);
    expect(steps).toContain('Inicio');
    expect(steps).toContain('ActividadOrden de compra');
    expect(steps).toContain('EspecializaciónMonto');
    expect(container.querySelectorAll('[data-testid="step-problems"]')).toHaveLength(0);
  });

  it('marks the steps the validator names, with the problem texts on them', async () => {
    const { container } = render(<WithProblems />);
    await waitFor(() => expect(container.querySelectorAll('[data-testid="step-problems"]').length).toBeGreaterThan(0));
    const marked = [...container.querySelectorAll('.react-flow__node')].filter((n) => n.querySelector('[data-testid="step-problems"]'));
    expect(marked.map((n) => n.getAttribute('data-id'))).toEqual(['n2', 'n3', 'n4']);
    expect(marked[0].textContent).toContain('El paso de actividad no tiene actividad, o la actividad no existe.');
    expect(marked[0].getAttribute('aria-label')).toBe('n2');
  });
});
