/**
 * The flow form and designer (/backOffice/macroprocess/:id, `create` for a new flow; `:id/show` to look at it, as
 * the list's "Ver" opens it, with Edit for whoever may edit flows): the flow's header
 * fields (a SchemaForm of `flujo` without its graph) and its graph on a canvas, validated on every edit by
 * the same function the server runs (engine/flow/graph.ts), its problems on the steps and in a list. Save
 * stores header and graph through the generic entity calls; Verify asks the server to verify the stored flow.
 * A chunk of its own: React Flow and dagre load only here.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isPermitted } from '../../engine/roles';
import { useSession } from '../app/useSession';
import { entityOf } from '../metadata';
import type { ScreenProps } from '../registry';
import { FlowDesigner } from './FlowDesigner';

export default function FlowDesignerScreen({ route }: ScreenProps) {
  const { id = 'create', show } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const entity = entityOf(route?.entity ?? 'flujo');
  const base = entity.routeForm ?? '/';
  const mayEdit = isPermitted(user?.roles, entity.editRoles);
  const readOnly = id !== 'create' && (show === 'show' || !mayEdit);
  // a flow created here keeps its designer (and undo history) when the address changes to its id
  const [created, setCreated] = useState<number | null>(null);
  const key = created !== null && id === String(created) ? 'create' : id;
  return (
    <FlowDesigner
      key={key}
      idParam={key}
      routeName={route?.name ?? 'macroprocessForm'}
      onCreated={(newId) => {
        setCreated(newId);
        navigate(`${base}/${newId}`, { replace: true });
      }}
      onMissing={() => navigate(base, { replace: true })}
      onOpen={(other) => navigate(`${base}/${other}`)}
      readOnly={readOnly}
      onEdit={mayEdit ? () => navigate(`${base}/${id}`) : undefined}
    />
  );
}
