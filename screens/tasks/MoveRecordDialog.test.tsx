/**
 * Moving a record on from the task area: the question heads its answers, the end is taken only once confirmed,
 * and a refusal reads in words — the open tasks named, no code shown when the code has its text.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../engine/api/client';
import { UiProvider } from '../../widgets/UiProvider';
import { MoveRecordDialog } from './MoveRecordDialog';
import { taskCalls, type NextStepView } from './taskCalls';

const question = { pregunta: 'q', pregunta_texto: '¿Se aprueba el pedido?' };
const steps: NextStepView[] = [
  { decisiones: [{ ...question, respuesta: 'no', texto: 'No' }], destino: { fin: true } },
  { decisiones: [{ ...question, respuesta: 'si', texto: 'Sí' }], destino: { flujo: 1, nodo: 'prep', actividad: 3, titulo: 'Preparación en depósito', flujoNombre: 'Ventas' } },
];

const open = (onMoved = () => {}) => {
  vi.spyOn(taskCalls, 'nextSteps').mockResolvedValue(steps);
  render(
    <UiProvider>
      <MoveRecordDialog registro={5} numero="R-000005" onClose={() => {}} onMoved={onMoved} />
    </UiProvider>,
  );
};
const dialog = () => screen.getByRole('dialog', { name: 'Avanzar el registro R-000005' });

afterEach(() => vi.restoreAllMocks());

describe('MoveRecordDialog', () => {
  it('asks the question above its answers, and closes the record only once confirmed', async () => {
    const move = vi.spyOn(taskCalls, 'move').mockResolvedValue({ id: 5, version: 2 } as never);
    open();
    await screen.findByRole('radiogroup', { name: '¿Se aprueba el pedido?' });
    // the end comes first, chosen: a single tap on Mover would close the record
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mover' }));
    const ask = await screen.findByRole('dialog', { name: '¿Cerrar el registro?' });
    expect(ask.textContent).toContain('Esto cierra el registro; no se puede reabrir.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Cerrar el registro?' })).toBeNull());
    expect(move).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mover' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '¿Cerrar el registro?' })).getByRole('button', { name: 'Cerrar el registro' }));
    await waitFor(() => expect(move).toHaveBeenCalledWith(5, { respuesta: ['no'], destino: 'fin' }));
  });

  it('says a refusal in words and names the open tasks, without its code', async () => {
    vi.spyOn(taskCalls, 'move').mockRejectedValue(
      new ApiError(409, 'registro/move/5', 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO', 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO', [
        { field: 'tareas', code: 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO', params: { tareas: 'Limpiar, Probar' } },
      ]),
    );
    open();
    fireEvent.click(await screen.findByText(/^Preparación en depósito/));
    await waitFor(() => expect((screen.getByRole('radio', { name: /^Preparación en depósito/ }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mover' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Primero deben cerrarse todas las tareas de los instructivos asociados.');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Limpiar', 'Probar']);
    expect(alert.textContent).not.toMatch(/REQUIERE_CERRAR_TAREAS_INSTRUCTIVO|Código/);
  });
});
