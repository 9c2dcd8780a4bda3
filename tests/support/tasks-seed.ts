/**
 * What the task tests need, made through the API as an administrator: a verified flow "Instalación
 * domiciliaria" (Instalación -> Cierre), a current instructive with four tasks (Medir -> Instalar -> Probar, and
 * Limpiar), a technician who may work in the activity, and records that got the tasks on entering it.
 */
import { api, createUser } from './server';
import type { Kysely } from 'kysely';

export const TECH = { username: 'tecnica', password: 'Tecnica-pass1!' };

export async function seedTasks(baseUrl: string, db: Kysely<any>, adminPassword: string, records = 1) {
  const client = api(baseUrl);
  const admin = (await client.login('admin', adminPassword)).access_token;
  const ok = async (path: string, body: unknown = {}, token = admin) => {
    const res = await client.post(`/api/${path}`, body, token);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const puesto = (await ok('puesto/save', { nombre: 'Técnicos' })).id;
  const proceso = (await ok('proceso/save', { titulo: 'Servicio técnico' })).id;
  const instalacion = (await ok('actividad/save', { proceso, titulo: 'Instalación', tareas_permitidas: true, puestos: [{ puesto }], preasignar_usuario: 'usuario_autenticado' })).id;
  const cierre = (await ok('actividad/save', { proceso, titulo: 'Cierre', puestos: [{ puesto }] })).id;
  const flujo = (
    await ok('flujo/save', {
      nombre: 'Instalación domiciliaria',
      nodos: [
        { clave: 'i', tipo: 'inicio' },
        { clave: 'inst', tipo: 'actividad', actividad: instalacion },
        { clave: 'cierre', tipo: 'actividad', actividad: cierre },
        { clave: 'f', tipo: 'fin' },
      ],
      conexiones: [
        { desde: 'i', hacia: 'inst' },
        { desde: 'inst', hacia: 'cierre' },
        { desde: 'cierre', hacia: 'f' },
      ],
    })
  ).id;
  await ok(`flujo/verify/${flujo}`);
  const instructivo = (await ok('instructivo/save', { codificacion: 'IT-INS-01', titulo: 'Instalación de termotanque', actividades: [{ actividad: instalacion }] })).id;
  const task = async (titulo: string, o: number, m: number, p: number, preds: number[] = []) =>
    (await ok('tarea/save', { instructivo, titulo, tiempo_optimista: o, tiempo_probable: m, tiempo_pesimista: p, horas_asignadas: 4, predecesoras: preds.map((tarea) => ({ tarea })) })).id;
  const medir = await task('Medir', 1, 2, 3);
  const instalar = await task('Instalar', 2, 3, 4, [medir]);
  await task('Probar', 1, 1, 1, [instalar]);
  await task('Limpiar', 1, 1, 1);
  await ok(`instructivo/publish/${instructivo}`);
  const party = await ok('perfil/save', { nombre: 'Técnica', apellido: 'Uno', tipo: 'empleados', empleado: { puesto } });
  await createUser(db, { ...TECH, roles: ['ROLE_USER'], perfilid: party.id });
  const tech = (await client.login(TECH.username, TECH.password)).access_token;
  const registros: { id: number; numero: string }[] = [];
  for (let i = 0; i < records; i++) {
    const r = await ok('registro/save', { flujo, actividad: instalacion, fecha: new Date().toISOString().slice(0, 10) }, tech);
    registros.push({ id: r.id, numero: r.numero });
  }
  return { ok, admin, tech, flujo, instalacion, cierre, instructivo, registros };
}
