/** The sequence module's own table (a core-schema step, server/db/apply-schema.ts). */
import type { SchemaStep } from '../../db/apply-schema';

export const SEQUENCE_TABLES: readonly SchemaStep[] = [
  {
    // secuencia/next with a client key (./index.ts): the number a key reserved
    name: 'secuencia_reserva',
    sql: [
      `create table if not exists secuencia_reserva (
        secuencia integer not null,
        clave text not null,
        valor integer not null,
        formateado text not null,
        at timestamptz not null default now(),
        primary key (secuencia, clave)
      )`,
    ],
  },
];
