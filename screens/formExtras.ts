/**
 * Buttons of an entity's form that are the entity's own (shown beside History once the record exists), by
 * entity name, each loaded with the form that shows it. A button gets the record's id and can make the form
 * load the record again (after it changed the record elsewhere); it starts through `whenSaved`, so what the
 * user typed is saved (asked first) rather than replaced by that reload (screens/entity/RecordExtra.tsx).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface FormExtraProps {
  id: number | string;
  data: Record<string, unknown>;
  reload: () => void;
  /**
   * Runs `go` (the button's first step: its dialog or its call) once nothing typed is pending: at once on a clean
   * form, else after the user agreed and the typed data was saved; never when they keep editing or the save is refused.
   */
  whenSaved: (go: () => void) => void;
}

export const formExtras: Record<string, LazyExoticComponent<ComponentType<FormExtraProps>>> = {
  articulo: lazy(() => import('./stock/StockAdjust')),
  secuencia: lazy(() => import('./sequence/TakeNextNumber')),
  evento: lazy(() => import('./events/RotateSecret')),
  evento_entrega: lazy(() => import('./events/ReplayDelivery')),
  comunicacion: lazy(() => import('./mail/ResendMail')),
};
