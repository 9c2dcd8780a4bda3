/** An entity that holds one record (my company): the form of that record, created on the first save. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Spinner, Stack } from '@chakra-ui/react';
import { isPermitted } from '../../engine/roles';
import { formTrail } from '../../engine/breadcrumb';
import { Trail } from '../../widgets/Trail';
import { routeTree } from '../routes';
import { SubHeader } from '../../widgets/SubHeader';
import type { ScreenProps } from '../registry';
import { entityOf } from '../metadata';
import { entityCalls } from '../app/entityData';
import { useSession } from '../app/useSession';
import { EntityForm } from './EntityForm';
import { useEntityRecord } from './useEntityRecord';
import { RecordHistory } from './RecordHistory';
import { useSaveShortcut } from './useSaveShortcut';
import { useLeaveGuard } from '../execution/useLeaveGuard';
import { LeaveDialog } from '../execution/LeaveDialog';

export default function SingleRecordScreen({ route }: ScreenProps) {
  const entity = entityOf(route?.entity);
  const [id, setId] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    entityCalls.index(entity.list, { max: 1, sort: 'id', sortOrder: 'asc' }).then(
      (reply) => setId((reply.rows[0]?.id as number | undefined) ?? null),
      () => setId(null),
    );
  }, [entity.list]);
  if (id === undefined) return <Spinner />;
  return <SingleRecord entityName={entity.name} id={id} title={route?.name ?? entity.name} />;
}

function SingleRecord({ entityName, id, title }: { entityName: string; id: number | null; title: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const entity = entityOf(entityName);
  const record = useEntityRecord(entity, id);
  const canSave = isPermitted(user?.roles, record.recordId === null ? entity.addRoles : entity.editRoles);
  const formId = `single-${entity.name}`;
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty && canSave);
  useSaveShortcut(formId, canSave);
  // menu group › this page
  const { pathname } = useLocation();
  const trail = formTrail(routeTree, pathname).map((s, i, all) => ({ label: t(s.titleKey), to: i < all.length - 1 ? s.path : undefined }));
  return (
    <Stack gap="4">
      {trail.length > 1 && <Trail steps={trail} />}
      <SubHeader
        title={t(`routes.${title}`)}
        saveFormId={canSave ? formId : undefined}
        saving={record.saving}
        actions={record.recordId !== null ? <RecordHistory entity={entity} id={record.recordId} /> : undefined}
      />
      <EntityForm entity={entity} formId={formId} record={record} readOnly={!canSave} onDirtyChange={setDirty} />
      <LeaveDialog blocker={guard.blocker} />
    </Stack>
  );
}
