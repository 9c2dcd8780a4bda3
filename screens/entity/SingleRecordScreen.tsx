/**
 * An entity that holds one record (my company): the form of that record, created on the first save. A read that
 * failed says so, with a retry, and offers no form.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Spinner, Stack } from '@chakra-ui/react';
import { isPermitted } from '../../engine/roles';
import { formTrail } from '../../engine/breadcrumb';
import { Trail } from '../../widgets/Trail';
import { LoadFailed } from '../../widgets/LoadFailed';
import { useLoad } from '../workspace/useLoad';
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
  const { t } = useTranslation();
  const entity = entityOf(route?.entity);
  const title = route?.name ?? entity.name;
  // a failed read is never "no record yet": a create form then would add a second record, which reads ignore
  const found = useLoad(
    () => entityCalls.quietIndex(entity.list, { max: 1, sort: 'id', sortOrder: 'asc' }).then((reply) => (reply.rows[0]?.id as number | undefined) ?? null),
    [entity.list],
  );
  if (found.state === 'loading') return <Spinner aria-label={t('app.loading')} />;
  if (found.state === 'failed') return <LoadFailed title={t(`routes.${title}`)} error={found.error} onRetry={found.retry} />;
  return <SingleRecord entityName={entity.name} id={found.data} title={title} />;
}

function SingleRecord({ entityName, id, title }: { entityName: string; id: number | null; title: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const entity = entityOf(entityName);
  // the record could not be read (its first read): said, with a retry, instead of loading for ever
  const [failed, setFailed] = useState(false);
  const record = useEntityRecord(entity, id, () => setFailed(true));
  const canSave = isPermitted(user?.roles, record.recordId === null ? entity.addRoles : entity.editRoles);
  const formId = `single-${entity.name}`;
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty && canSave);
  useSaveShortcut(formId, canSave);
  // menu group › this page
  const { pathname } = useLocation();
  const trail = formTrail(routeTree, pathname).map((s, i, all) => ({ label: t(s.titleKey), to: i < all.length - 1 ? s.path : undefined }));
  if (failed)
    return (
      <LoadFailed
        title={t(`routes.${title}`)}
        onRetry={() => {
          setFailed(false);
          void record.reload();
        }}
      />
    );
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
