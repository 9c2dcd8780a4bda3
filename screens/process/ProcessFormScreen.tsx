/**
 * The process form (/backOffice/process/:id, spec §2): the process's fields, and below them its activities in
 * their order (./ProcessActivities.tsx). A new process stays open once saved, so its activities can be added.
 */
import { useNavigate } from 'react-router-dom';
import type { ScreenProps } from '../registry';
import { EntityFormPage } from '../entity/EntityFormScreen';
import { entityOf } from '../metadata';
import { ProcessActivities } from './ProcessActivities';

export default function ProcessFormScreen({ route }: ScreenProps) {
  const navigate = useNavigate();
  const base = entityOf(route?.entity).routeForm ?? '/';
  return (
    <EntityFormPage
      route={route}
      onSaved={({ id, created }) => navigate(created ? `${base}/${id}` : base, { replace: true })}
    >
      {({ id, readOnly }) => (id === null ? null : <ProcessActivities procesoId={Number(id)} returnTo={`${base}/${id}${readOnly ? '/show' : ''}`} readOnly={readOnly} />)}
    </EntityFormPage>
  );
}
