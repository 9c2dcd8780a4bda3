/**
 * The form of any entity at `<routeForm>/:id/:show?`: create, edit, or show (spec §2); once the record exists,
 * its history, the entity's own buttons (./RecordExtra.tsx) and the lists related to it (columns.json
 * `related`) below the form. It offers what the server allows (the manifest's addRoles / editRoles): a record the
 * user may not change (a delivery of the log, a cheque) opens to look at, whatever the address, with no Edit; a
 * new one they may not add is refused as a route is.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { HStack, Stack } from '@chakra-ui/react';
import { SubHeader } from '../../widgets/SubHeader';
import { isPermitted } from '../../engine/roles';
import type { ScreenProps } from '../registry';
import { entityOf } from '../metadata';
import { useSession } from '../app/useSession';
import ErrorScreen from '../status/ErrorScreen';
import { EntityForm } from './EntityForm';
import { useEntityRecord } from './useEntityRecord';
import { RecordHistory } from './RecordHistory';
import { RecordExtra } from './RecordExtra';
import { RelatedList } from './RelatedList';
import { parentFormOf, presetFrom, returnToOf } from './formNavigation';
import { useSaveShortcut } from './useSaveShortcut';
import { useFormLeave } from './useFormLeave';
import { useFormDraft } from './useFormDraft';
import { useFirstFieldFocus } from './useFirstFieldFocus';
import { FormTrail } from './FormTrail';
import { useRecordSteps } from './useRecordSteps';
import { RecordSteps } from '../../widgets/RecordSteps';

export interface EntityFormPageProps extends ScreenProps {
  /** After a save (with the save's reply): by default back where the form was opened from, or to the list. */
  onSaved?: (saved: { id: number | string; created: boolean; record?: Record<string, unknown> }) => void;
  /** Below the form (a record's own lists). */
  children?: (record: { id: number | string | null; readOnly: boolean }) => ReactNode;
  /** Between the header and the form (what the record's state means: a delivery's situation). */
  above?: (record: { id: number | string | null; readOnly: boolean }) => ReactNode;
}

/**
 * Each visit of the address is a form of its own (the history entry's key): a new record saved, its list shown and
 * "Nuevo" pressed again starts empty. Keyed by id alone, a create reached again before the list between had been drawn
 * (the router's moves are transitions: a list still loading is never committed) kept the saved record's id, and its
 * next Guardar updated that record instead of adding one.
 */
export function EntityFormPage(props: EntityFormPageProps) {
  const visit = useLocation().key;
  return <EntityFormVisit key={visit} {...props} />;
}

function EntityFormVisit({ route, onSaved, children, above }: EntityFormPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { id = 'create', show } = useParams();
  const entity = entityOf(route?.entity);
  const { user } = useSession();
  // 'new' (a hand-typed or bookmarked address) means what 'create' means
  const creating = id === 'create' || id === 'new';
  const mayEdit = isPermitted(user?.roles, entity.editRoles);
  const maySave = creating ? isPermitted(user?.roles, entity.addRoles) : mayEdit;
  const readOnly = (show === 'show' && !creating) || !maySave;
  const listPath = entity.routeForm ?? '/';
  // opened from another screen (a process's activities): saving and leaving go back there; a record that belongs to
  // another (an activity to its process) goes back to that one's form however it was opened
  const preset = creating ? presetFrom(entity, search) : undefined;
  const record = useEntityRecord(entity, creating ? null : id, () => navigate(back, { replace: true }), preset);
  const returnTo = returnToOf(location.state) ?? parentFormOf(entity, record.data ?? preset);
  const back = returnTo ?? listPath;
  const formId = `form-${entity.name}`;
  const exists = record.recordId !== null && record.data !== null;
  // typed data is not lost without a question: leaving (exit, menu, back) asks, closing the tab warns
  const [dirty, setDirty] = useState(false);
  const typing = (dirty || record.recovered) && !readOnly;
  // typed data outlives a reload the browser did not warn about (phones): kept as a draft, offered back
  const draft = useFormDraft({
    entity, record, id: creating ? null : id, address: location.pathname + location.search, user: user?.username, editable: !readOnly, typing,
  });
  const leave = useFormLeave(typing, draft.drop);
  // another record (previous / next) starts with nothing typed
  useEffect(() => setDirty(false), [id]);
  useSaveShortcut(formId, !readOnly);
  useFirstFieldFocus(formId, record.data !== null && !readOnly ? id : null);
  // opened from a list row: previous / next in the list's order, asking first when typed data would be lost
  const steps = useRecordSteps({
    list: entity.list,
    rowKey: entity.rowKey,
    id: creating ? null : id,
    pathOf: (other) => `${listPath}/${encodeURIComponent(String(other))}${readOnly ? '/show' : ''}`,
    ask: leave.ask,
  });
  const backState = steps.view && !returnTo ? { listView: steps.view } : undefined;
  const afterSave = (savedId: number | string, stored?: Record<string, unknown>) => {
    leave.allow();
    draft.drop();
    if (onSaved) onSaved({ id: savedId, created: creating, record: stored });
    else navigate(back, { replace: true, state: backState });
  };

  if (!maySave && creating) return <ErrorScreen forbidden />;
  return (
    <Stack gap="4">
      <FormTrail entity={entity} data={record.data} id={creating ? null : id} returnTo={returnTo} view={steps.view} />
      <SubHeader
        title={t(`routes.${route?.name}`)}
        saveFormId={readOnly ? undefined : formId}
        saving={record.saving}
        showEdit={readOnly && mayEdit}
        onEdit={() => navigate(`${listPath}/${encodeURIComponent(id)}`, { state: location.state })}
        exitTo={back}
        confirmExit={leave.confirmExit}
        actions={
          exists || steps.position !== null ? (
            <HStack gap="2" wrap="wrap">
              {steps.position !== null && (
                <RecordSteps position={steps.position} total={steps.total} estimated={steps.estimated} canPrev={steps.canPrev} canNext={steps.canNext} onStep={steps.go} />
              )}
              {exists && <RecordExtra entity={entity} record={record} />}
              {exists && <RecordHistory entity={entity} id={record.recordId!} />}
            </HStack>
          ) : undefined
        }
      />
      {above?.({ id: creating ? null : id, readOnly })}
      {draft.notice}
      <EntityForm
        entity={entity}
        formId={formId}
        record={record}
        readOnly={readOnly}
        onSaved={afterSave}
        onDirtyChange={setDirty}
        onTyped={draft.keep}
      />
      {leave.dialogs}
      {children?.({ id: creating ? null : id, readOnly })}
      {exists && entity.related.map((r) => <RelatedList key={`${r.entity}.${r.field}`} spec={r} id={record.recordId!} />)}
    </Stack>
  );
}

export default function EntityFormScreen(props: ScreenProps) {
  return <EntityFormPage {...props} />;
}
