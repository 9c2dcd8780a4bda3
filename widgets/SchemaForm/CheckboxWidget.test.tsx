import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './CheckboxWidget.stories';

const { Single, MustBeTicked, Multiple } = composeStories(stories);

const value = () => JSON.parse(screen.getByTestId('form-value').textContent!);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

describe('CheckboxWidget', () => {
  it('is a checkbox named by its label and emits true / false', async () => {
    render(<Single />);
    const box = screen.getByLabelText('Activo') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    fireEvent.click(box);
    await waitFor(() => expect(value()).toEqual({ activo: true }));
    fireEvent.click(box);
    await waitFor(() => expect(value()).toEqual({ activo: false }));
  });

  it('a box that must be ticked says required when unticked', async () => {
    render(<MustBeTicked />);
    const box = () => screen.getByLabelText(/^Acepta condiciones/);
    expect(value()).toEqual({ acepta: false }); // RJSF: a required boolean starts false
    submit();
    expect(await screen.findByText('El campo Acepta condiciones es obligatorio')).toBeTruthy();
    fireEvent.click(box());
    await waitFor(() => expect(value()).toEqual({ acepta: true }));
    await waitFor(() => expect(screen.queryByText('El campo Acepta condiciones es obligatorio')).toBeNull());
  });
});

describe('CheckboxesWidget', () => {
  it('checks the item counts', async () => {
    render(<Multiple />);
    for (const day of ['mar', 'mie', 'jue']) fireEvent.click(screen.getByLabelText(day));
    await waitFor(() => expect(value()).toEqual({ dias: ['lun', 'mar', 'mie', 'jue'] }));
    submit();
    expect(await screen.findByText('Puede haber como máximo 3 ítems')).toBeTruthy();
    for (const day of ['lun', 'mar', 'mie', 'jue']) fireEvent.click(screen.getByLabelText(day));
    await waitFor(() => expect(value()).toEqual({ dias: [] }));
    expect(await screen.findByText('Debe haber al menos 1 ítem')).toBeTruthy();
  });
});
