import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { routeNode } from '../screenTesting';
import i18next from '../../locales/i18n';
import type { ScreenProps } from '../registry';
import { UiProvider } from '../../widgets/UiProvider';
import { taskCalls, type MyTask } from './taskCalls';
import TaskingScreen from './TaskingScreen';

const task: MyTask = {
  id: 7, version: 2, titulo: 'Instalar el termotanque', estado: 'finalizada', fecha_inicio_estimada: '2026-11-29', fecha_fin_estimada: '2026-12-01',
  horas_asignadas: null, critica: false, vencida: false, asignado_nombre: null, registro: 1, registro_numero: 'R-000001', actividad: 3,
  actividad_titulo: 'Instalación', instructivo: 2, instructivo_titulo: 'Instalación de termotanque',
};

const node = routeNode;
// as the router mounts it: the registry's screen given its route (tasking for /task, taskList for /task/:filter)
const Screen: ComponentType<ScreenProps> = TaskingScreen;

/** The task area at `path`, the server answering `total` tasks, one of them shown. */
const open = (path: string, total: number) => {
  vi.spyOn(taskCalls, 'mine').mockResolvedValue({ total, hoy: '2026-11-30', rows: [task] });
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/task" element={<Screen route={node('tasking')} />} />
          <Route path="/task/:filter" element={<Screen route={node('taskList')} />} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
};

afterEach(() => vi.restoreAllMocks());

describe('TaskingScreen', () => {
  it('counts the tasks in agreement with their total, in either language', async () => {
    const { unmount } = open('/task/finalizada', 1);
    expect((await screen.findByRole('status')).textContent).toBe('1 de 1 tarea');
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByRole('status').textContent).toBe('1 of 1 task');
    await act(() => i18next.changeLanguage('es'));
    unmount();
    open('/task/todas', 3);
    expect((await screen.findByRole('status')).textContent).toBe('1 de 3 tareas');
  });

  it('keeps the area’s heading once a filter is chosen', async () => {
    const { unmount } = open('/task', 1);
    await screen.findByRole('heading', { name: 'Tareas', level: 1 });
    unmount();
    open('/task/finalizada', 1);
    await screen.findByRole('heading', { name: 'Tareas', level: 1 });
  });
});
