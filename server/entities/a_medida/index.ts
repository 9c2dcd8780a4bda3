/**
 * The made-to-measure item wallet (spec §3; issue 12): the pieces received (article, measures, quantity, the
 * record that brought them), what is left of each (`en_mano`) and their status; their movements are the
 * ledger rows that carry their id (`stock_movimiento/index` with the filter `a_medida`). A piece is a wallet
 * entry of the stock ledger (../stock_movimiento/wallets.ts, ./wallet.ts): records write it, nobody edits it
 * through the API (route /backOffice/aMedida).
 */
import { defineEntityServer } from '../../documents/types';
import { walletRows } from '../registro/rows';
import { A_MEDIDA_WALLET } from './wallet';

export default defineEntityServer({
  coreTable: true,
  ...walletRows(A_MEDIDA_WALLET.held),
  needs: ['articulo', 'ubicacion', 'estado', 'registro'],
  tables: [
    {
      name: 'a_medida',
      sql: [
        `create table if not exists a_medida (
          id serial primary key,
          version integer not null default 1,
          articulo integer not null,
          ubicacion text not null,
          registro integer null,
          item integer null,
          descripcion text null,
          largo numeric null,
          ancho numeric null,
          alto numeric null,
          cantidad numeric null,
          estado text not null default 'disponible',
          en_mano numeric not null default 0,
          comprometido numeric not null default 0,
          creado_en timestamptz not null default now()
        )`,
        `create unique index if not exists a_medida_linea_idx on a_medida (registro, item) where item is not null`,
        `create index if not exists a_medida_creado_idx on a_medida (creado_en, id)`,
        `create index if not exists a_medida_articulo_idx on a_medida (articulo)`,
      ],
    },
  ],
});
