/**
 * The record form of the execution route (issue 11): the header as a form, the body items as an editable
 * grid with the totals as the server will compute them, the sub-header's save / edit / exit (Ctrl+S saves),
 * take / release, move, the history, and the attachments beside it. Who holds the record is said plainly; a
 * record the user may not open shows a message page (spec §8). Leaving with unsaved changes asks first; releasing
 * asks too (the record goes to others), and the record's buttons ignore presses for a moment after they change.
 * What is typed outlives a reload as a draft, offered when the page opens again (./useRecordDraft.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Box, Grid, Heading, Spinner, Stack } from '@chakra-ui/react';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { UiSchema } from '../../engine/metadata/types';
import { hasAny, ROLES } from '../../engine/roles';
import { LoadFailed } from '../../widgets/LoadFailed';
import { MessagePage } from '../../widgets/MessagePage';
import { SchemaForm } from '../../widgets/SchemaForm/SchemaForm';
import { useFocusFirstError } from '../../widgets/SchemaForm/useFocusFirstError';
import { SubHeader } from '../../widgets/SubHeader';
import { showSuccess } from '../../widgets/toaster';
import { useSettling } from '../../widgets/useSettling';
import { optionsSource } from '../app/entityData';
import { useSession } from '../app/useSession';
import { ConfirmAction } from '../entity/ConfirmAction';
import { RecordActions } from './RecordActions';
import { RecordHistory } from '../entity/RecordHistory';
import { useFormLeave } from '../entity/useFormLeave';
import { useSaveShortcut } from '../entity/useSaveShortcut';
import { rulesOf } from '../metadata';
import { Trail } from '../../widgets/Trail';
import { executionPath, flowPath, groupsPath } from '../workspace/links';
import { isEnded } from '../../engine/records/states';
import type { Article } from './articles';
import { AssigneePicker } from './AssigneePicker';
import { AttachmentsPanel } from './AttachmentsPanel';
import { InvoicePanel } from '../billing/InvoicePanel';
import { ContextReports } from '../reports/ContextReports';
import { Deliveries, FromParentDialog, type ParentItem } from './FromParentDialog';
import { editModeNoteKey } from './EditModeNote';
import { InlineEditButtons } from './InlineEditButtons';
import { InlineEditDialog, type InlineKind } from './InlineEditDialog';
import { useRecordSteps } from '../entity/useRecordSteps';
import { RecordSteps } from '../../widgets/RecordSteps';
import { MoveDialog } from './MoveDialog';
import { RecordItems } from './RecordItems';
import { RecordNotices } from './RecordNotices';
import type { Place } from './place';
import { useRecord } from './useRecord';
import { useRecordDraft } from './useRecordDraft';

const FORM_ID = 'record-header';
/** Header fields the form does not show: the items have their grid, the money its panel, the place the title. */
const HIDDEN = ['items', 'subtotal', 'total', 'impuestos', 'flujo', 'actividad', 'numero_valor', 'nodo', 'pila', 'asignado_a'];
const HIDDEN_NEW = ['numero', 'estado', 'asignado_nombre', 'padre'];

/**
 * The record's form without its items and totals. Its party is any party (a goods receipt's is the supplier, a
 * cheque's the customer who paid with it); its seller, an employee.
 * `clientNote`: the locale key of what the activity's client edit mode leaves out, said under the Cliente field.
 */
function headerEntity(base: ResolvedEntity, creating: boolean, clientNote: string | null): ResolvedEntity {
  const ui: UiSchema = { ...base.ui };
  for (const f of [...HIDDEN, ...(creating ? HIDDEN_NEW : [])]) ui[f] = { ...(ui[f] as object), 'ui:widget': 'hidden' };
  ui.cliente = { ...(ui.cliente as object), ...(clientNote ? { 'ui:description': clientNote } : {}) };
  ui.vendedor = { ...(ui.vendedor as object), 'ui:options': { filters: { tipo: 'empleados' } } };
  return { ...base, ui };
}

export function RecordPage({ place, id, show }: { place: Place; id: string | null; show: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const r = useRecord(place, id);
  const { flow, activity } = place;
  const record = r.record;
  const creating = id === null;
  const listPath = executionPath(flow.id, activity.id);
  const [moving, setMoving] = useState(false);
  /** A client or article being created (id null) or updated beside the form. */
  const [inline, setInline] = useState<{ kind: InlineKind; id: number | null } | null>(null);
  const [makingChild, setMakingChild] = useState(false);
  const [releasing, setReleasing] = useState(false);
  // a move's answer is told by its text in the flow ("Sí"), not its key
  const choiceNames = useMemo(
    () => ({ respuesta: Object.fromEntries((flow.nodos ?? []).filter((n) => n.tipo === 'respuesta' && n.texto).map((n) => [n.clave, n.texto!])) }),
    [flow.nodos],
  );
  const childActivities = useMemo(() => (activity.hijas ?? []).map((h) => h.actividad), [activity.hijas]);
  const clientNote = editModeNoteKey('party', activity.edicion_cliente);
  const form = useMemo(() => headerEntity(r.entity, creating, clientNote), [r.entity, creating, clientNote]);

  const boss = hasAny(user?.roles, [ROLES.ADMIN, ROLES.ROOT]);
  const closed = isEnded(record?.estado);
  const holder = record?.asignado_a != null && record.asignado_a !== user?.id ? String(record.asignado_nombre ?? '') : r.takenBy;
  const heldByOther = Boolean(holder) && !boss && activity.modo_guardado !== 'todos_responsables';
  const readOnly = !creating && (show || closed || heldByOther);
  const canEdit = !creating && show && !closed && !heldByOther;
  const mayRelease = record?.asignado_a != null && (record.asignado_a === user?.id || boss);
  // a half-typed record outlives a tab the phone dropped: kept as a draft, offered back; leaving on purpose drops it
  const draft = useRecordDraft(r, id, !readOnly);
  // a client or article typed in the inline dialog counts too: Back would drop it with the dialog
  const [inlineDirty, setInlineDirty] = useState(false);
  const leave = useFormLeave(r.dirty || inlineDirty, draft.drop);

  // a record that moved on lives at its own activity's address
  useEffect(() => {
    if (record && (record.actividad !== activity.id || record.flujo !== flow.id))
      navigate(executionPath(record.flujo as number, record.actividad as number, record.id, show), { replace: true });
  }, [record, activity.id, flow.id, show, navigate]);

  useSaveShortcut(FORM_ID, !readOnly);

  // opened from the activity's list: previous / next record in its order (a move away from typed data is asked
  // about by the leave guard)
  const steps = useRecordSteps({ list: r.entity.list, rowKey: r.entity.rowKey, id, pathOf: (other) => executionPath(flow.id, activity.id, other, show), ask: (move) => move() });
  // a new record's buttons appear where Guardar was, Liberar takes Tomar's place: a fast second tap, meant for the
  // button that was there, must not press the new one
  const settling = useSettling(record ? `${record.id}:${closed}:${mayRelease}` : '');
  // a save the items' own errors stopped (a wrong quantity, a collection day typed that is none) takes the user
  // to the first of them, as a refused form does to its field
  const items = useFocusFirstError<HTMLDivElement>(r.stopped);

  if (r.load.state === 'loading') return <Spinner role="status" aria-label={t('app.loading')} />;
  if (r.load.state === 'forbidden') return <MessagePage title={t('execution.forbidden.title')} text={r.load.message || t('errors.REGISTRO_SIN_PERMISO')} />;
  if (r.load.state === 'failed') return <LoadFailed title={t('widgets.loadFailed.title')} error={r.load.error} onRetry={r.retry} />;
  if (r.load.state === 'missing') return <MessagePage title={t('execution.missing.title')} text={t('execution.missing.text')} actionLabel={t('execution.backToList')} onAction={() => navigate(listPath)} />;

  const title = creating ? t('execution.new', { activity: activity.titulo }) : t('execution.recordTitle', { numero: record?.numero ?? '', activity: activity.titulo });
  const clientId = typeof r.header.cliente === 'number' ? r.header.cliente : null;
  const activeRow = r.grid.context.active ? r.grid.context.active.row : null;
  const inlineSaved = (stored: Record<string, unknown> & { id: number }) => {
    const edit = inline!;
    setInline(null);
    setInlineDirty(false);
    if (edit.kind === 'party') return r.setClient(stored.id);
    r.articles.put(stored as unknown as Article);
    if (edit.id !== null) return;
    // a new article goes in the row being edited when it has none, else in a new row
    const rows = r.grid.context.rows;
    const at = activeRow !== null && rows[activeRow]?.article === null ? activeRow : rows.length - 1;
    if (rows[at]?.article === null) return r.sendGrid({ type: 'PICK_ARTICLE', index: at, article: stored.id });
    r.sendGrid({ type: 'ADD_ROW' });
    r.sendGrid({ type: 'PICK_ARTICLE', index: rows.length, article: stored.id });
  };

  const openInline = (kind: InlineKind, id: number | null) => setInline({ kind, id });

  const articleName = (id: number) => {
    const a = r.articles.get(id);
    return a ? [a.codigo_interno, a.nombre].filter(Boolean).join(' · ') : `#${id}`;
  };

  const onSubmit = async (data: Record<string, unknown>) => {
    // nothing to write: no new version, no empty history entry
    if (!creating && !r.dirty) return showSuccess(t('execution.noChanges'));
    const stored = await r.save(data);
    if (stored) draft.drop();
    if (stored && creating) {
      leave.allow();
      navigate(executionPath(flow.id, activity.id, stored.id), { replace: true });
    }
  };

  const actions = record && (
    <RecordActions
      held={record.asignado_a != null}
      closed={closed}
      mayRelease={mayRelease}
      dirty={r.dirty}
      settling={settling}
      mayMakeChild={childActivities.length > 0 && Array.isArray(record.items) && record.items.length > 0}
      onTake={() => void r.take()}
      onRelease={() => setReleasing(true)}
      // unsaved changes are saved first: the move takes the record as stored
      onMove={() => (r.dirty ? void r.save(r.header).then((s) => s && setMoving(true)) : setMoving(true))}
      onMakeChild={() => setMakingChild(true)}
      history={<RecordHistory entity={r.entity} id={record.id} choiceNames={choiceNames} />}
    />
  );

  return (
    <Stack gap="3">
      <Trail
        steps={[
          { label: t('routes.workspacecard'), to: groupsPath() },
          { label: flow.nombre, to: flowPath(null, flow.id) },
          { label: activity.titulo, to: listPath, state: steps.view ? { listView: steps.view } : undefined },
          { label: creating ? t('execution.newShort') : String(record?.numero ?? '') },
        ]}
      />
      <SubHeader
        title={title}
        saveFormId={readOnly ? undefined : FORM_ID}
        saving={r.saving}
        showEdit={canEdit}
        onEdit={() => navigate(executionPath(flow.id, activity.id, record!.id), { replace: true })}
        exitTo={listPath}
        // asked before leaving, not only by the router: going back to a list opened by its address is a move it cannot hold
        confirmExit={leave.confirmExit}
        actions={
          steps.position !== null || actions ? (
            <>
              {steps.position !== null && (
                <RecordSteps position={steps.position} total={steps.total} estimated={steps.estimated} canPrev={steps.canPrev} canNext={steps.canNext} onStep={steps.go} />
              )}
              {actions || null}
            </>
          ) : undefined
        }
      />
      <RecordNotices holder={holder} heldByOther={heldByOther} closedState={closed ? String(record?.estado) : null} />
      {draft.notice}
      {/* the side panels sit beside the header; the items take the whole width, their totals and remove buttons in view */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 20rem' }}
        templateAreas={{ base: `"header" "items" "deliveries" "aside"`, xl: `"header aside" "items items" "deliveries deliveries"` }}
        columnGap="4"
        alignItems="start"
      >
        <Box as="section" aria-labelledby="record-header-title" gridArea="header" minW="0" mb="4">
          <Heading as="h2" size="sm" id="record-header-title" mb="2">
            {t('execution.header')}
          </Heading>
          <SchemaForm
            entity={form}
            formId={FORM_ID}
            formData={r.formData}
            readOnly={readOnly}
            serverErrors={r.headerErrors}
            optionsSource={optionsSource}
            rules={rulesOf('registro')}
            onChange={r.setHeader}
            onSubmit={(data) => void onSubmit(data)}
          />
          {!readOnly && (
            <InlineEditButtons
              kind="party"
              mode={activity.edicion_cliente}
              current={clientId}
              createLabel={t('execution.inline.party.create')}
              updateLabel={t('execution.inline.party.update')}
              onOpen={openInline}
            />
          )}
          {!readOnly && activity.modo_guardado === 'elegido' && (
            <Box mt="3" maxW="24rem">
              <AssigneePicker
                actividad={activity.id}
                value={r.assignee !== undefined ? r.assignee : ((record?.asignado_a as number | null | undefined) ?? null)}
                onChange={r.setAssignee}
                label={t('execution.assign.label')}
                helperText={t('execution.assign.help')}
              />
            </Box>
          )}
        </Box>
        <RecordItems r={r} activity={activity} readOnly={readOnly} focusRef={items.ref} onOpenInline={openInline} />
        {record && (record.items as ParentItem[] | undefined)?.some((i) => i.entregado !== undefined) && (
          <Box as="section" aria-labelledby="record-deliveries-title" gridArea="deliveries" minW="0" mb="4">
            <Heading as="h2" size="sm" id="record-deliveries-title" mb="2">
              {t('execution.deliveries.title')}
            </Heading>
            <Deliveries items={record.items as ParentItem[]} articleName={articleName} />
          </Box>
        )}
        <Stack gap="4" gridArea="aside" mb="4">
          <AttachmentsPanel recordId={record?.id ?? null} activity={activity} closed={closed && !boss} />
          <InvoicePanel recordId={record?.id ?? null} canIssue={activity.facturable === true} articleName={articleName} />
          {record && <ContextReports contexto="registro" actividadId={activity.id} objetoId={record.id} />}
        </Stack>
      </Grid>
      {moving && record && (
        <MoveDialog
          recordId={record.id}
          onClose={() => setMoving(false)}
          onMove={async (step, asignarA) => {
            await r.move(step, asignarA);
            setMoving(false);
            leave.allow();
            navigate(listPath);
          }}
        />
      )}
      {makingChild && record && (
        <FromParentDialog
          parent={record}
          activities={childActivities}
          articleName={articleName}
          onClose={() => setMakingChild(false)}
          onMade={(child) => {
            setMakingChild(false);
            showSuccess(t('execution.fromParent.made', { numero: child.numero ?? '' }));
            navigate(executionPath(child.flujo as number, child.actividad as number, child.id));
          }}
        />
      )}
      <ConfirmAction
        open={releasing}
        title={t('execution.releaseConfirm.title')}
        text={record?.asignado_a === user?.id ? t('execution.releaseConfirm.mine') : t('execution.releaseConfirm.other', { usuario: String(record?.asignado_nombre ?? '') })}
        confirmLabel={t('execution.release')}
        onCancel={() => setReleasing(false)}
        onConfirm={() => {
          setReleasing(false);
          void r.release();
        }}
      />
      {inline && (
        <InlineEditDialog
          kind={inline.kind}
          actividad={activity.id}
          id={inline.id}
          onSaved={inlineSaved}
          onClose={() => {
            setInline(null);
            setInlineDirty(false);
          }}
          onDirtyChange={setInlineDirty}
        />
      )}
      {leave.dialogs}
    </Stack>
  );
}
