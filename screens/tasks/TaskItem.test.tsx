import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROLES } from '../../engine/roles';
import i18next from '../../locales/i18n';
import { UiProvider } from '../../widgets/UiProvider';
import { TaskItem } from './TaskItem';
import { taskCalls, type MyTask } from './taskCalls';

const task = (horas_asignadas: number | null): MyTask => ({
  id: 7, version: 1, titulo: 'Instalar el termotanque', estado: 'iniciada', fecha_inicio_estimada: '2026-11-29', fecha_fin_estimada: '2026-12-01',
  horas_asignadas, critica: false, vencida: false, asignado_nombre: null, registro: 1, registro_numero: 'R-000001', actividad: 3,
  actividad_titulo: 'Instalación', instructivo: 2, instructivo_titulo: 'Instalación de termotanque',
});
const shown = (horas: number | null) => {
  const { unmount } = render(
    <UiProvider>
      <MemoryRouter>
        <TaskItem task={task(horas)} roles={[ROLES.USER]} onChanged={() => {}} />
      </MemoryRouter>
    </UiProvider>,
  );
  const text = screen.getByRole('article', { name: 'Instalar el termotanque' }).textContent ?? '';
  unmount();
  return text;
};

describe('TaskItem', () => {
  it('says the hours assigned in agreement with their number, in either language', async () => {
    expect(shown(1)).toContain('1 h asignada');
    expect(shown(1)).not.toContain('asignadas');
    expect(shown(6)).toContain('6 h asignadas');
    expect(shown(1.5)).toContain('1,5 h asignadas');
    expect(shown(null)).not.toContain(' h ');
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(shown(1)).toContain('1 h assigned');
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });
});

/** A started task's card, for a user of `roles`. */
const card = (roles: string[]) =>
  render(
    <UiProvider>
      <MemoryRouter>
        <TaskItem task={task(2)} roles={roles} onChanged={() => {}} />
      </MemoryRouter>
    </UiProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('TaskItem for staff', () => {
  it('asks before finishing a task staff cannot reopen; cancelling sends nothing', async () => {
    const send = vi.spyOn(taskCalls, 'send').mockResolvedValue({ id: 7, version: 2 } as never);
    card([ROLES.USER]);
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar: Instalar el termotanque' }));
    let ask = await screen.findByRole('dialog', { name: '¿Finalizar la tarea?' });
    expect(ask.textContent).toContain('«Instalar el termotanque» quedará finalizada y solo un administrador puede reabrirla.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(send).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Finalizar: Instalar el termotanque' }));
    ask = await screen.findByRole('dialog', { name: '¿Finalizar la tarea?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('finish', 7, 1));
  });

  it('an admin, who may reopen it, finishes it at once', async () => {
    const send = vi.spyOn(taskCalls, 'send').mockResolvedValue({ id: 7, version: 2 } as never);
    card([ROLES.ADMIN]);
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar: Instalar el termotanque' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('finish', 7, 1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('links the instructive to read: the task area’s view for staff, the back office’s form for admins', () => {
    const { unmount } = card([ROLES.USER]);
    const link = screen.getByRole('link', { name: 'Leer el instructivo Instalación de termotanque' });
    expect(link.getAttribute('href')).toBe('/task/instructive/2');
    expect(link.textContent).toBe('Instalación de termotanque');
    unmount();
    card([ROLES.ADMIN]);
    expect(screen.getByRole('link', { name: 'Leer el instructivo Instalación de termotanque' }).getAttribute('href')).toBe('/backOffice/instructive/2/show');
  });
});
