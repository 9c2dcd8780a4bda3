/**
 * The cheque wallet (spec §3; issue 12): the cheques received in records, with their bank, amount, collection
 * date, identifier, drawer and status, listed by collection date (`cheque/index`, route /backOffice/cheques).
 * A cheque is a wallet entry of the stock ledger (../stock_movimiento/wallets.ts, ./wallet.ts): records write
 * it, nobody edits it through the API.
 */
import { defineEntityServer } from '../../documents/types';
import { walletRows } from '../registro/rows';
import { CHEQUE_WALLET } from './wallet';

export default defineEntityServer({
  coreTable: true,
  ...walletRows(CHEQUE_WALLET.held),
  needs: ['articulo', 'ubicacion', 'estado', 'registro'],
  tables: [
    {
      name: 'cheque',
      sql: [
        `create table if not exists cheque (
          id serial primary key,
          version integer not null default 1,
          articulo integer not null,
          ubicacion text not null,
          registro integer null,
          item integer null,
          identificador text null,
          banco text null,
          importe numeric null,
          fecha_cobro text null,
          librador text null,
          estado text not null default 'en_cartera',
          en_mano numeric not null default 0,
          comprometido numeric not null default 0,
          creado_en timestamptz not null default now()
        )`,
        `create unique index if not exists cheque_linea_idx on cheque (registro, item) where item is not null`,
        `create index if not exists cheque_cobro_idx on cheque (fecha_cobro, id)`,
        `create index if not exists cheque_articulo_idx on cheque (articulo)`,
      ],
    },
  ],
});
