import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROLES } from '../../engine/roles';
import i18next from '../../locales/i18n';
import { UiProvider } from '../../widgets/UiProvider';
import { TaskItem } from './TaskItem';
import type { MyTask } from './taskCalls';

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
