/**
 * The cheque wallet (spec §3; issue 12): the cheques received in records, with their bank, amount, collection
 * date, identifier, drawer and status, listed by collection date (`cheque/index`, route /backOffice/cheques).
 * A cheque is a wallet entry of the stock ledger (../stock_movimiento/wallets.ts, ./wallet.ts): records write
 * it, nobody edits it through the API.
 */
import { defineEntityServer } from '../../documents/types';
import { checkRecordRow, recordRowsWhere } from '../registro/rows';

/** What anyone picking one for a record must see, whatever record brought it. */
const AVAILABLE = 'en_cartera';

export default defineEntityServer({
  coreTable: true,
  // a user lists those of the records they may open, and any still there to take (a cheque in the wallet: a record of
  // theirs may take it); the rest tells another activity's records
  rowScope: (ctx) => recordRowsWhere(ctx, (eb) => eb('estado', '=', AVAILABLE)),
  async present(row, ctx) {
    await checkRecordRow(ctx, row, row.estado === AVAILABLE);
    return row;
  },
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
