/** The flow and activity an execution route names (`execution/:flowId/:activityId`), with the activity's flags. */
import { isNotFound } from '../../engine/api/failure';
import { useLoad, type Loaded } from '../workspace/useLoad';
import { recordCalls } from './calls';

export interface ActivityFlags {
  id: number;
  titulo: string;
  codificacion?: string;
  cuerpo_requerido?: boolean;
  usa_listas_precio?: boolean;
  lista_precio?: string;
  adjuntos?: 'obligatorio' | 'opcional' | 'solo_ver' | 'no_permitido';
  audio?: boolean;
  modo_guardado?: 'solo_usuario' | 'todos_responsables' | 'elegido';
  edicion_cliente?: 'no_permitido' | 'solo_actualizar' | 'solo_crear' | 'ambos';
  edicion_articulo?: 'no_permitido' | 'solo_actualizar' | 'solo_crear' | 'ambos';
  impacto_stock?: 'ninguno' | 'ingreso' | 'egreso';
  compromiso_stock?: boolean;
  cambia_ubicacion?: boolean;
  /** Records of this activity may be invoiced (issue 16). */
  facturable?: boolean;
  hijas?: { actividad: number }[];
  columnas?: { campo: string }[];
}

export interface Place {
  flow: { id: number; nombre: string; verificado?: boolean; nodos?: { clave: string; tipo: string; texto?: string }[] };
  activity: ActivityFlags;
}

const positive = (s: string | undefined) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** An address whose flow or activity is not a number. */
const NOT_A_PLACE = new Error('not a place');

/** The place is not there (a 404, or an address that names none); any other failure could not read it. */
export const placeMissing = (error: unknown): boolean => error === NOT_A_PLACE || isNotFound(error);

/** Both read at once; either missing (or not a number) fails. */
export function usePlace(flowId: string | undefined, activityId: string | undefined): Loaded<Place> {
  return useLoad(async () => {
    const flow = positive(flowId);
    const activity = positive(activityId);
    if (!flow || !activity) throw NOT_A_PLACE;
    const [f, a] = await Promise.all([recordCalls.flow(flow), recordCalls.activity(activity)]);
    return { flow: f as unknown as Place['flow'], activity: a as unknown as ActivityFlags };
  }, [flowId, activityId]);
}
