/**
 * A task's plan over a fake server: a day typed that is none stays in its field and says so, and the plan is not
 * saved until it is corrected (it used to be saved without that day).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api } from '../app/session';
import { UiProvider } from '../../widgets/UiProvider';
import { TaskPlanEditor } from './TaskPlanEditor';
import type { MyTask } from './taskCalls';

const task: MyTask = {
  id: 7, version: 1, titulo: 'Instalar el termotanque', estado: 'no_iniciada', fecha_inicio_estimada: '2026-11-29', fecha_fin_estimada: '2026-12-01',
  horas_asignadas: 2, critica: false, vencida: false, asignado_nombre: null, registro: 1, registro_numero: 'R-000001', actividad: 3,
  actividad_titulo: 'Instalación', instructivo: 2, instructivo_titulo: 'Instalación de termotanque',
};
const WRONG = 'Ingrese una fecha válida (dd/mm/aaaa)';

let sent: { call: string; body: unknown }[];
let done: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  sent = [];
  done = vi.fn<() => void>();
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => {
    sent.push({ call, body });
    return { ...task, version: 2 } as never;
  });
});
afterEach(() => vi.restoreAllMocks());

const edit = () =>
  render(
    <UiProvider>
      <TaskPlanEditor task={task} onDone={done} onCancel={() => {}} />
    </UiProvider>,
  );
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

describe('TaskPlanEditor', () => {
  it('keeps a day typed that is none, names it once left, saves nothing until it is corrected', async () => {
    edit();
    const end = field('Fin estimado');
    expect(end.value).toBe('01/12/2026');
    fireEvent.change(end, { target: { value: '31/02/2026' } });
    fireEvent.blur(end);
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(messageOf(end)).toBe(WRONG));

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.activeElement).toBe(end));
    expect(end.value).toBe('31/02/2026');
    expect(messageOf(end)).toBe(WRONG);
    expect(sent).toEqual([]);
    expect(done).not.toHaveBeenCalled();

    fireEvent.change(end, { target: { value: '28/12/2026' } });
    expect(end.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([{ call: 'tarea/reschedule/7', body: { fecha_fin_estimada: '2026-12-28', version: 1 } }]);
  });

  it('names a day half typed when saving, though the field was never left, and takes the user to it', async () => {
    edit();
    const start = field('Inicio estimado');
    fireEvent.change(start, { target: { value: '12/0' } });
    expect(start.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(start.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(messageOf(start)).toBe(WRONG));
    await waitFor(() => expect(document.activeElement).toBe(start));
    expect(start.value).toBe('12/0');
    expect(sent).toEqual([]);

    // cleared, the day goes as none
    fireEvent.change(start, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([{ call: 'tarea/reschedule/7', body: { fecha_inicio_estimada: null, version: 1 } }]);
  });
});
