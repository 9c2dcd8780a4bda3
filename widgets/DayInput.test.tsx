import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from './UiProvider';
import { FormField } from './FormField';
import { DayInput } from './DayInput';

function Harness({ initial = '' }: { initial?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <UiProvider>
      <FormField label="Inicio">
        <DayInput value={day} onChange={setDay} />
      </FormField>
      <output data-testid="day">{day}</output>
    </UiProvider>
  );
}

const input = () => screen.getByLabelText('Inicio') as HTMLInputElement;
const day = () => screen.getByTestId('day').textContent;
const WRONG = 'Ingrese una fecha válida (dd/mm/aaaa)';

describe('DayInput', () => {
  it('keeps a text that is no day and says so once left; the caller hears of days only', async () => {
    render(<Harness initial="2026-03-10" />);
    expect(input().value).toBe('10/03/2026');
    fireEvent.change(input(), { target: { value: '12/0' } });
    expect(day()).toBe('');
    expect(screen.queryByText(WRONG)).toBeNull();
    fireEvent.blur(input());
    expect(await screen.findByText(WRONG)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(input().value).toBe('12/0');
    fireEvent.change(input(), { target: { value: '31/02/2026' } });
    expect(screen.getByText(WRONG)).toBeTruthy();
    fireEvent.change(input(), { target: { value: '28/02/2026' } });
    expect(day()).toBe('2026-02-28');
    expect(screen.queryByText(WRONG)).toBeNull();
    fireEvent.change(input(), { target: { value: '' } });
    fireEvent.blur(input());
    expect(day()).toBe('');
    expect(screen.queryByText(WRONG)).toBeNull();
  });
});
