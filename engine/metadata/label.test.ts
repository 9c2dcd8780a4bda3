import { describe, expect, it } from 'vitest';
import { labelText } from './label';

const party = ['razon_social', 'nombre', 'apellido'];

describe('labelText', () => {
  it('joins the label fields that are not blank', () => {
    expect(labelText({ razon_social: 'Ferretería Núñez SA', nombre: 'Carlos', apellido: ' Núñez ' }, party)).toBe('Ferretería Núñez SA Carlos Núñez');
    expect(labelText({ razon_social: '', nombre: 'Ana', apellido: null }, party)).toBe('Ana');
    expect(labelText({ nombre: 7 }, ['nombre'])).toBe('7');
    expect(labelText({}, party)).toBe('');
  });

  it('says once what two fields repeat, without regard to case or accents', () => {
    expect(labelText({ razon_social: 'Constructora Andina S.A.', nombre: 'Constructora Andina S.A.' }, party)).toBe('Constructora Andina S.A.');
    expect(labelText({ razon_social: 'JUAN PEREZ', nombre: 'Juan', apellido: 'Pérez' }, party)).toBe('JUAN PEREZ');
    expect(labelText({ razon_social: 'Lopez', nombre: 'Ana', apellido: 'López' }, party)).toBe('Lopez Ana');
  });
});
