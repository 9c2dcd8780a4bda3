/**
 * STORY / TEST FIXTURE: the procurement flow of the demo, its activities as select options in memory, and a
 * generated flow of any size. Not the app's data path (that is `actividad/select` and `flujo/show`).
 */
import type { FlowGraph, FlowNode } from '../../engine/flow/graph';
import { layoutGraph } from '../../engine/flow/layout';
import type { SelectOption } from '../../engine/list/query';
import { localPage } from '../SchemaForm/selectOptions';
import type { SliceSource } from '../SchemaForm/useSelectOptions';

export const ACTIVITIES: SelectOption[] = [
  { id: 1, name: 'Purchase request', nombre: 'Solicitud de compra' },
  { id: 2, name: 'Purchase approval', nombre: 'Aprobación de compra' },
  { id: 3, name: 'Purchase order', nombre: 'Orden de compra' },
  { id: 4, name: 'Goods receipt', nombre: 'Recepción de mercadería' },
  { id: 5, name: 'Rejection', nombre: 'Rechazo de la solicitud' },
  { id: 6, name: 'Management approval', nombre: 'Aprobación de gerencia' },
];
export const FLOWS: SelectOption[] = [{ id: 9, name: 'Payments', nombre: 'Pagos a proveedores' }];

export const activitySource: SliceSource = async (q) => localPage(ACTIVITIES, q);
export const flowSource: SliceSource = async (q) => localPage(FLOWS, q);

export function titleOf(node: FlowNode): string | null {
  const list = node.tipo === 'actividad' ? ACTIVITIES : node.tipo === 'subflujo' ? FLOWS : [];
  const id = node.tipo === 'actividad' ? node.actividad : node.flujo;
  return list.find((o) => o.id === id)?.nombre ?? null;
}

/**
 * start -> request -> approval -> approved? yes: amount? (up to 500,000, the default: order; more: management
 * approval -> order) -> order -> receipt -> end; no: rejection -> end.
 */
export const comprasGraph: FlowGraph = layoutGraph({
  nodos: [
    { clave: 'inicio', tipo: 'inicio' },
    { clave: 'solicitud', tipo: 'actividad', actividad: 1 },
    { clave: 'aprobacion', tipo: 'actividad', actividad: 2 },
    { clave: 'aprobado', tipo: 'pregunta', texto: '¿Aprobado?' },
    { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
    { clave: 'no', tipo: 'respuesta', texto: 'No' },
    { clave: 'monto', tipo: 'especializacion', texto: 'Monto' },
    { clave: 'gerencia', tipo: 'actividad', actividad: 6 },
    { clave: 'orden', tipo: 'actividad', actividad: 3 },
    { clave: 'recepcion', tipo: 'actividad', actividad: 4 },
    { clave: 'rechazo', tipo: 'actividad', actividad: 5 },
    { clave: 'fin', tipo: 'fin' },
  ],
  conexiones: [
    { desde: 'inicio', hacia: 'solicitud' },
    { desde: 'solicitud', hacia: 'aprobacion' },
    { desde: 'aprobacion', hacia: 'aprobado' },
    { desde: 'aprobado', hacia: 'si' },
    { desde: 'aprobado', hacia: 'no' },
    { desde: 'si', hacia: 'monto' },
    { desde: 'monto', hacia: 'orden', texto: 'Hasta $500.000', por_defecto: true },
    { desde: 'monto', hacia: 'gerencia', texto: 'Más de $500.000', por_defecto: false },
    { desde: 'gerencia', hacia: 'orden' },
    { desde: 'orden', hacia: 'recepcion' },
    { desde: 'recepcion', hacia: 'fin' },
    { desde: 'no', hacia: 'rechazo' },
    { desde: 'rechazo', hacia: 'fin' },
  ],
});

/** The same flow half drawn: a question with one unnamed answer, an activity step without its activity. */
export const draftGraph: FlowGraph = layoutGraph({
  nodos: [
    { clave: 'n1', tipo: 'inicio' },
    { clave: 'n2', tipo: 'actividad' },
    { clave: 'n3', tipo: 'pregunta', texto: '¿Aprobado?' },
    { clave: 'n4', tipo: 'respuesta', texto: '' },
    { clave: 'n5', tipo: 'fin' },
  ],
  conexiones: [
    { desde: 'n1', hacia: 'n2' },
    { desde: 'n2', hacia: 'n3' },
    { desde: 'n3', hacia: 'n4' },
    { desde: 'n4', hacia: 'n5' },
  ],
});

/** A valid flow of `n` activity steps in a row, laid out (the designer's 300-step case). */
export function longGraph(n: number): FlowGraph {
  const keys = ['inicio', ...Array.from({ length: n }, (_, i) => `a${i + 1}`), 'fin'];
  return layoutGraph({
    nodos: keys.map((clave, i) => (i === 0 ? { clave, tipo: 'inicio' } : i === keys.length - 1 ? { clave, tipo: 'fin' } : { clave, tipo: 'actividad', actividad: (i % 5) + 1 })),
    conexiones: keys.slice(1).map((hacia, i) => ({ desde: keys[i], hacia })),
  });
}
