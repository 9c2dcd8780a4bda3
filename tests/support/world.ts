/**
 * TEST FIXTURE: the set-up the record and task suites share, made through the API as an administrator: calls
 * that throw on anything but 200, a job position with a process whose activities all take it, a flow saved
 * (and verified) over activity nodes, and staff users with or without that job position.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/types';
import { createUser, type Api, type ApiResponse } from './server';

export const STAFF_PASSWORD = 'Staff-pass1!';

export interface FlowNode {
  clave: string;
  tipo: 'inicio' | 'actividad' | 'pregunta' | 'respuesta' | 'especializacion' | 'subflujo' | 'fin';
  actividad?: number;
  texto?: string;
  [more: string]: unknown;
}

export interface Staff {
  /** The user's id. */
  id: number;
  /** Their employee party. */
  perfil: number;
  token: string;
}

export function world(client: Api, admin: string, db: Kysely<Database>) {
  const post = (path: string, body: unknown = {}, token = admin): Promise<ApiResponse> => client.post(`/api/${path}`, body, token);
  const ok = async (path: string, body: unknown = {}, token = admin) => {
    const res = await post(path, body, token);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    post,
    ok,
    /** A job position and a process; `activity` adds an activity of that process for that job position. */
    async team(puestoNombre: string, procesoTitulo: string) {
      const puesto = (await ok('puesto/save', { nombre: puestoNombre })).id as number;
      const proceso = (await ok('proceso/save', { titulo: procesoTitulo })).id as number;
      return {
        puesto,
        proceso,
        activity: async (titulo: string, extra: object = {}) => (await ok('actividad/save', { proceso, titulo, puestos: [{ puesto }], ...extra })).id as number,
      };
    },
    /** A flow over these nodes and connections, saved and (unless told otherwise) verified. */
    async flow(nombre: string, nodos: FlowNode[], conexiones: { desde: string; hacia: string }[], verify = true) {
      const id = (await ok('flujo/save', { nombre, nodos, conexiones })).id as number;
      if (verify) await ok(`flujo/verify/${id}`);
      return id;
    },
    /** A ROLE_USER with an employee party, of that job position (or of none), signed in. */
    async staff(username: string, puesto: number | null): Promise<Staff> {
      const party = await ok('perfil/save', { nombre: username, tipo: 'empleados', ...(puesto !== null ? { empleado: { puesto } } : {}) });
      const id = await createUser(db, { username, password: STAFF_PASSWORD, roles: ['ROLE_USER'], perfilid: party.id });
      return { id, perfil: party.id, token: (await client.login(username, STAFF_PASSWORD)).access_token };
    },
  };
}

export type World = ReturnType<typeof world>;

/** An activity node of a flow. */
export const step = (clave: string, actividad: number): FlowNode => ({ clave, tipo: 'actividad', actividad });
