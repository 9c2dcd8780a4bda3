/**
 * The move dialog of the record form, the server's next steps given: at a question the question heads its answers;
 * the way to the end (the record closes, staff cannot reopen it) is taken only once confirmed; a refusal reads in
 * words, its code only when it has no text.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../engine/api/client';
import type { OfferedStep } from '../../engine/records/moves';
import i18next from '../../locales/i18n';
import { UiProvider } from '../../widgets/UiProvider';
import { recordCalls } from './calls';
import { MoveDialog } from './MoveDialog';

const question = { pregunta: 'q', pregunta_texto: '¿Se aprueba el pedido?' };
const steps: OfferedStep[] = [
  { decisiones: [{ ...question, respuesta: 'si', texto: 'Sí' }], destino: { flujo: 1, nodo: 'prep', actividad: 3, titulo: 'Preparación en depósito', flujoNombre: 'Ventas' } },
  { decisiones: [{ ...question, respuesta: 'no', texto: 'No' }], destino: { fin: true } },
];

function open(offered: OfferedStep[], onMove: (step: OfferedStep) => Promise<void>) {
  vi.spyOn(recordCalls, 'nextSteps').mockResolvedValue(offered);
  return render(
    <UiProvider>
      <MoveDialog recordId={9} onMove={onMove} onClose={() => {}} />
    </UiProvider>,
  );
}

const moveDialog = () => screen.getByRole('dialog', { name: 'Mover el registro' });

afterEach(() => vi.restoreAllMocks());

describe('MoveDialog', () => {
  it('at a question, asks the question above its answers', async () => {
    open(steps, async () => {});
    const group = await screen.findByRole('group', { name: '¿Se aprueba el pedido?' });
    expect(within(group).getByRole('button', { name: 'Sí → Preparación en depósito' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'No → Fin (cierra el registro)' })).toBeTruthy();
  });

  it('without a question, says what to choose', async () => {
    open([{ decisiones: [], destino: { fin: true } }], async () => {});
    await screen.findByRole('group', { name: 'Elija el paso siguiente:' });
  });

  it('closes the record only once confirmed; cancelling sends nothing', async () => {
    const onMove = vi.fn(async () => {});
    open(steps, onMove);
    fireEvent.click(await screen.findByRole('button', { name: 'No → Fin (cierra el registro)' }));
    let ask = await screen.findByRole('dialog', { name: '¿Cerrar el registro?' });
    expect(ask.textContent).toContain('Esto cierra el registro; no se puede reabrir.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Cerrar el registro?' })).toBeNull());
    expect(onMove).not.toHaveBeenCalled();

    fireEvent.click(within(moveDialog()).getByRole('button', { name: 'No → Fin (cierra el registro)' }));
    ask = await screen.findByRole('dialog', { name: '¿Cerrar el registro?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cerrar el registro' }));
    await waitFor(() => expect(onMove).toHaveBeenCalledWith(steps[1], undefined));
  });

  it('moves to an activity at once', async () => {
    const onMove = vi.fn(async () => {});
    open(steps, onMove);
    fireEvent.click(await screen.findByRole('button', { name: 'Sí → Preparación en depósito' }));
    await waitFor(() => expect(onMove).toHaveBeenCalledWith(steps[0], undefined));
    expect(screen.queryByRole('dialog', { name: '¿Cerrar el registro?' })).toBeNull();
  });

  it('says a refusal in words, not by its code; a code without a text stays, as a detail', async () => {
    const refuse = (code: string, message = code) => async () => {
      throw new ApiError(406, 'registro/move/9', code, message, [{ field: 'adjuntos', code }]);
    };
    const { unmount } = open(steps, refuse('ADJUNTO_OBLIGATORIO'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sí → Preparación en depósito' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Esta actividad exige adjuntar al menos un archivo antes de avanzar.');
    expect(alert.textContent).not.toMatch(/ADJUNTO_OBLIGATORIO|Código/);
    unmount();

    open(steps, refuse('ALGO_NUEVO', 'Algo nuevo pasó'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sí → Preparación en depósito' }));
    const other = await screen.findByRole('alert');
    expect(other.textContent).toContain('Algo nuevo pasó');
    expect(other.textContent).toContain('Código: ALGO_NUEVO');
  });

  it('speaks English', async () => {
    await act(() => i18next.changeLanguage('en'));
    try {
      const onMove = vi.fn(async () => {});
      open(steps, onMove);
      fireEvent.click(await screen.findByRole('button', { name: 'No → End (closes the record)' }));
      const ask = await screen.findByRole('dialog', { name: 'Close the record?' });
      expect(ask.textContent).toContain('This closes the record; it cannot be reopened.');
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });
});
