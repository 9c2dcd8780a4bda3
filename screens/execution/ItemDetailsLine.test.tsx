import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { DraftItem } from '../../engine/records/draft';
import type { ItemDetails } from '../../engine/records/itemDetails';
import { UiProvider } from '../../widgets/UiProvider';
import { ItemDetailsLine } from './ItemDetailsLine';

const row: DraftItem = { key: 'i1', id: 1, article: 2, cells: { cantidad: '1', ajuste: '', precio_unitario: '', largo: '', ancho: '', alto: '', alicuota: '' }, rest: { ubicacion: 'Local' } };
const details: ItemDetails = { locations: ['Depósito', 'Local'], locationLocked: false, chequeEntry: false, chequePick: false, piecePick: false };
const line = (readOnly: boolean, locationLocked = false, chequeEntry = false) =>
  render(
    <UiProvider>
      <ItemDetailsLine row={row} index={0} details={{ ...details, locationLocked, chequeEntry }} send={() => {}} readOnly={readOnly} errors={{}} />
    </UiProvider>,
  );

describe('ItemDetailsLine', () => {
  it('names the location select after the item while editing, and shows it as text in view mode', () => {
    const { unmount } = line(false);
    const select = screen.getByRole('combobox', { name: 'Ubicación (ítem 1)' }) as HTMLSelectElement;
    expect(select.value).toBe('Local');
    expect(select.disabled).toBe(false);
    unmount();
    line(true);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('group', { name: 'Ubicación (ítem 1)' }).querySelector('[data-readonly-value]')?.textContent).toBe('Local');
  });

  it('locks the location of an item whose step may not change it', () => {
    line(false, true);
    expect((screen.getByRole('combobox', { name: 'Ubicación (ítem 1)' }) as HTMLSelectElement).disabled).toBe(true);
  });

  it('says a cheque\'s collection day is required, as its other required fields do', () => {
    line(false, false, true);
    expect((screen.getByLabelText(/^Fecha de cobro/) as HTMLInputElement).required).toBe(true);
  });
});
