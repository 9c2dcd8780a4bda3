/** The form of any entity at `<routeForm>/:id/:show?`: create, edit, or show (spec §2). */
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Stack } from '@chakra-ui/react';
import { SubHeader } from '../../widgets/SubHeader';
import type { ScreenProps } from '../registry';
import { entityOf } from '../metadata';
import { EntityForm } from './EntityForm';
import { useEntityRecord } from './useEntityRecord';
import { RecordHistory } from './RecordHistory';

export default function EntityFormScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = 'create', show } = useParams();
  const entity = entityOf(route?.entity);
  const creating = id === 'create';
  const readOnly = show === 'show' && !creating;
  const listPath = entity.routeForm ?? '/';
  const record = useEntityRecord(entity, creating ? null : id, () => navigate(listPath, { replace: true }));
  const formId = `form-${entity.name}`;

  return (
    <Stack gap="4">
      <SubHeader
        title={t(`routes.${route?.name}`)}
        saveFormId={readOnly ? undefined : formId}
        saving={record.saving}
        showEdit={readOnly}
        onEdit={() => navigate(`${listPath}/${encodeURIComponent(id)}`)}
        exitTo={listPath}
        actions={record.recordId !== null && record.data !== null ? <RecordHistory entity={entity} id={record.recordId} /> : undefined}
      />
      <EntityForm
        entity={entity}
        formId={formId}
        record={record}
        readOnly={readOnly}
        onSaved={() => navigate(listPath, { replace: true })}
      />
    </Stack>
  );
}
