/** The form of any entity at `<routeForm>/:id/:show?`: create, edit, or show (spec §2). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Spinner, Stack } from '@chakra-ui/react';
import { ApiError } from '../../engine/api/client';
import type { FieldError } from '../../engine/errors';
import { SchemaForm } from '../../widgets/SchemaForm/SchemaForm';
import { SubHeader } from '../../widgets/SubHeader';
import { showSuccess } from '../../widgets/toaster';
import { emitUpdateList } from '../../widgets/DataTable/updateList';
import type { ScreenProps } from '../registry';
import { entityOf } from '../metadata';
import { entityCalls, optionsSource } from '../app/entityData';
import { reportFailure } from '../app/feedback';

type Data = Record<string, unknown>;

export default function EntityFormScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = 'create', show } = useParams();
  const entity = entityOf(route?.entity);
  const creating = id === 'create';
  const readOnly = show === 'show' && !creating;
  const [data, setData] = useState<Data | null>(creating ? {} : null);
  const [version, setVersion] = useState<number | undefined>();
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const formId = `form-${entity.name}`;
  const listPath = entity.routeForm ?? undefined;

  useEffect(() => {
    if (creating) return;
    let live = true;
    entityCalls.show(entity.name, id).then(
      ({ id: _id, version: v, ...rest }) => {
        if (!live) return;
        setData(rest);
        setVersion(v);
      },
      () => live && navigate(listPath ?? '/', { replace: true }),
    );
    return () => {
      live = false;
    };
  }, [entity.name, id, creating, navigate, listPath]);

  const save = async (formData: Data) => {
    setSaving(true);
    setServerErrors([]);
    try {
      if (creating) await entityCalls.save(entity.name, formData);
      else await entityCalls.update(entity.name, id, { ...formData, version });
      showSuccess(t('entity.saved'));
      emitUpdateList();
      navigate(listPath ?? '/', { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.length) setServerErrors(e.fieldErrors);
      if (e instanceof ApiError) reportFailure(e);
    } finally {
      setSaving(false);
    }
  };

  const title = t(`routes.${route?.name}`);
  return (
    <Stack gap="4">
      <SubHeader
        title={title}
        saveFormId={readOnly ? undefined : formId}
        saving={saving}
        showEdit={readOnly}
        onEdit={() => navigate(`${listPath}/${encodeURIComponent(id)}`)}
        exitTo={listPath}
      />
      {data === null ? (
        <Spinner aria-label={t('app.loading')} />
      ) : (
        <SchemaForm
          entity={entity}
          formId={formId}
          formData={data}
          readOnly={readOnly}
          serverErrors={serverErrors}
          optionsSource={optionsSource}
          onSubmit={save}
        />
      )}
    </Stack>
  );
}
