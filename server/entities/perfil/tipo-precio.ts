/**
 * `POST /api/perfil/tipoPrecio/:id` {} (no body: a key is refused, as for every action without a body schema) -> {tipo_precio}: the price type of a client, which picks the price
 * list a record's items are priced from (the execution screen prices as the user types; the server prices
 * again on save, server/entities/registro/pricing.ts). Part of the narrow view (selectRoles): a seller
 * needs the client's price type, not the client's personal data. 404 NOT_FOUND for an unknown party.
 */
import type { ActionSpec } from '../../documents/types';

export const tipoPrecio: ActionSpec<Record<string, unknown>> = {
  scope: 'record',
  read: true,
  narrow: true,
  async run({ record }) {
    return { tipo_precio: typeof record?.tipo_precio === 'string' ? record.tipo_precio : null };
  },
};
