/**
 * One flow open in the designer (see FlowDesignerScreen): header form, toolbar, canvas, inspector, problems. Read-only
 * (the list's "Ver", `/show`): the same flow to look at — its steps, their problems, its history — with Edit instead
 * of the tools that change it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Grid, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { canConnect, type NodePosition } from '../../engine/flow/edit';
import { validateFlowGraph, type GraphProblem, type NodeKind } from '../../engine/flow/graph';
import { STEP_SIZES } from '../../engine/flow/layout';
import { mergeProblems } from '../../engine/flow/view';
import { isDirty, redoable, sameHeader, undoable, type Header } from '../../machines/flowDesignerModel';
import { FlowCanvas, type CanvasInstance } from '../../widgets/FlowDesigner/FlowCanvas';
import { FlowToolbar } from '../../widgets/FlowDesigner/FlowToolbar';
import { ProblemList } from '../../widgets/FlowDesigner/ProblemList';
import { StepInspector, type CanvasSelection } from '../../widgets/FlowDesigner/StepInspector';
import type { TargetLists } from '../../widgets/FlowDesigner/StepFields';
import { emitUpdateList } from '../../widgets/DataTable';
import { showSuccess } from '../../widgets/toaster';
import { optionsSource } from '../app/entityData';
import { api } from '../app/session';
import { entityOf } from '../metadata';
import { ConfirmWithdraw } from './ConfirmWithdraw';
import { DesignerHeader } from './DesignerHeader';
import { HeaderForm } from './HeaderForm';
import { useCanvasView } from './useCanvasView';
import { flowRowNames } from './historyNames';
import { useFlowDesigner } from './useFlowDesigner';
import { useFlowNames } from './useFlowNames';
import { useUndoKeys } from './useUndoKeys';
import { useLeaveGuard } from '../execution/useLeaveGuard';
import { FormTrail } from '../entity/FormTrail';
import { KeysHint } from '../../widgets/KeysHint';
import { LeaveDialog } from '../execution/LeaveDialog';

const FORM_ID = 'form-flujo';
/** What the header form's submit does; WITHDRAW: a save the user agreed takes a live flow out of use. */
type Intent = 'SAVE' | 'VERIFY' | 'WITHDRAW';
const PROBLEMS_ID = 'flow-problems-title';
const LISTS: TargetLists = {
  activity: { list: 'actividad', source: (q) => optionsSource('actividad', q) },
  flow: { list: 'flujo', source: (q) => optionsSource('flujo', q) },
};

/** Where a step added with nothing selected goes: the upper middle of what the canvas shows. */
function centre(canvas: CanvasInstance | null) {
  const r = document.querySelector('.react-flow')?.getBoundingClientRect();
  return canvas && r ? canvas.screenToFlowPosition({ x: r.left + r.width / 2, y: r.top + r.height / 3 }) : { x: 0, y: 0 };
}

/** One step, or one connection alone; several things selected at once are not edited one by one. */
function selectionOf(nodes: string[], edges: string[]): CanvasSelection {
  if (nodes.length === 1) return { kind: 'node', clave: nodes[0] };
  if (!nodes.length && edges.length === 1) return { kind: 'edge', id: edges[0] };
  return null;
}
/** The previous object when it says the same (no re-render). */
const sameSelection = (prev: CanvasSelection, next: CanvasSelection) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next);

interface FlowDesignerProps {
  idParam: string;
  routeName: string;
  onCreated: (id: number) => void;
  onMissing: () => void;
  /** Open another flow (a copy just made). */
  onOpen: (id: number) => void;
  /** Only to look at: nothing can be changed. */
  readOnly?: boolean;
  /** Read-only: open the flow for editing (absent: the user may not edit it). */
  onEdit?: () => void;
}

export function FlowDesigner({ idParam, routeName, onCreated, onMissing, onOpen, readOnly = false, onEdit }: FlowDesignerProps) {
  const { t } = useTranslation();
  // leaving with unsaved edits asks first (closing the tab: the browser's warning); the move of a new flow to its
  // own address is let through
  const allowNext = useRef<() => void>(() => {});
  // Save held back on a live flow: the problems its edit has (the dialog asks before taking the flow out of use)
  const [withdrawing, setWithdrawing] = useState<GraphProblem[] | null>(null);
  const { snapshot, send } = useFlowDesigner(idParam, {
    onCreated: (id) => {
      allowNext.current();
      onCreated(id);
    },
    onMissing,
    // problems that name no step (no end, say) are only in their list: bring it into view
    onRefusedVerify: (problems) => {
      if (problems.every((p) => !p.nodes.some((k) => graphRef.current.nodos.some((n) => n.clave === k))))
        document.getElementById(PROBLEMS_ID)?.scrollIntoView({ block: 'nearest' });
    },
    onConfirmWithdraw: setWithdrawing,
  });
  const c = snapshot.context;
  const graph = c.history.present;
  const graphRef = useRef(graph);
  graphRef.current = graph;
  const names = useFlowNames(c.id);
  // the history names steps and connections as the canvas does
  const nameRow = useMemo(() => flowRowNames(t, graph, names.titleOf), [t, graph, names.titleOf]);
  const [draft, setDraft] = useState<Header | null>(null);
  const [selection, setSelection] = useState<CanvasSelection>(null);
  const intent = useRef<Intent>('SAVE');
  const canvas = useRef<CanvasInstance | null>(null);

  // the validator on every edit: the same function the server runs, with what the browser knows
  const local = useMemo(() => validateFlowGraph(graph, names.context), [graph, names.context]);
  const problems = useMemo(() => mergeProblems(local, c.serverProblems), [local, c.serverProblems]);
  const onMove = useCallback((positions: NodePosition[]) => send({ type: 'MOVE', positions }), [send]);
  const view = useCanvasView({ graph, problems, titleOf: names.titleOf }, onMove);
  useUndoKeys(() => !readOnly && send({ type: 'UNDO' }), () => !readOnly && send({ type: 'REDO' }));

  const dirty = !readOnly && (isDirty(c) || (draft !== null && !sameHeader(draft, c.header)));
  const flowEntity = entityOf('flujo');

  // a step added or picked from the problems: select it and bring it into view
  const { selectStep } = view;
  useEffect(() => {
    if (!c.focus) return;
    selectStep(c.focus.clave);
    const node = graph.nodos.find((n) => n.clave === c.focus!.clave);
    const flow = canvas.current;
    if (node && flow) {
      const size = STEP_SIZES[node.tipo];
      flow.setCenter((node.x ?? 0) + size.width / 2, (node.y ?? 0) + size.height / 2, { zoom: Math.max(flow.getZoom(), 0.8), duration: 200 });
    }
    // only a new focus request moves the view
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [c.focus]);

  const guard = useLeaveGuard(dirty);
  allowNext.current = guard.allow;

  // verify (and a live flow's save) is checked with what the browser knows of the activities and flows, as the
  // problems shown are
  const known = useRef(names.context);
  known.current = names.context;
  const onHeaderSubmit = useCallback(
    (header: Header) => {
      send(
        intent.current === 'VERIFY'
          ? { type: 'VERIFY', header, known: known.current }
          : { type: 'SAVE', header, known: known.current, withdraw: intent.current === 'WITHDRAW' },
      );
      intent.current = 'SAVE';
    },
    [send],
  );
  // stable, so the toolbar is not drawn again on every edit
  const selected = useRef(selection);
  selected.current = selection;
  const toolbar = useMemo(
    () => ({
      onAdd: (tipo: NodeKind) => send({ type: 'ADD', tipo, at: centre(canvas.current), after: selected.current?.kind === 'node' ? selected.current.clave : null }),
      onUndo: () => send({ type: 'UNDO' }),
      onRedo: () => send({ type: 'REDO' }),
      onLayout: () => {
        send({ type: 'LAYOUT' });
        requestAnimationFrame(() => canvas.current?.fitView({ padding: 0.15, duration: 200 }));
      },
    }),
    [send],
  );
  const submit = (what: Intent) => {
    intent.current = what;
    (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit();
  };
  const pickProblem = (clave: string) => {
    send({ type: 'FOCUS', clave });
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(clave)}"]`)?.focus());
  };
  const allows = (desde: string, hacia: string) => canConnect(graph, desde, hacia);
  // a copy of the stored flow (a new revision, say), opened for editing
  const duplicate = async () => {
    try {
      const copy = await api.post<{ id: number; nombre: string }>('flow/duplicate', { id: c.id });
      showSuccess(t('flowDesigner.duplicated', { nombre: copy.nombre }));
      emitUpdateList();
      onOpen(copy.id);
    } catch {
      /* the app's client said why */
    }
  };

  if (snapshot.matches('loading'))
    return (
      <HStack role="status" gap="2">
        <Spinner size="sm" />
        <Text>{t('app.loading')}</Text>
      </HStack>
    );

  return (
    <Stack gap="4">
      <FormTrail entity={flowEntity} data={c.id === null ? null : c.header} id={c.id} />
      <DesignerHeader
        title={t(`routes.${routeName}`)}
        entity={flowEntity}
        flowId={c.id}
        // a live flow's save goes through the verify call: it is still the Save button that is busy
        saving={snapshot.matches({ open: 'saving' }) || (snapshot.matches({ open: 'verifying' }) && c.savingLive)}
        verifying={snapshot.matches({ open: 'verifying' }) && !c.savingLive}
        dirty={dirty}
        verified={c.header.verificado === true}
        readOnly={readOnly}
        nameRow={nameRow}
        onSave={() => submit('SAVE')}
        onVerify={() => submit('VERIFY')}
        onDuplicate={duplicate}
        onEdit={onEdit}
      />
      <LeaveDialog blocker={guard.blocker} />
      <ConfirmWithdraw
        problems={withdrawing}
        graph={graph}
        titleOf={names.titleOf}
        onStay={() => setWithdrawing(null)}
        onSave={() => {
          setWithdrawing(null);
          submit('WITHDRAW');
        }}
      />
      <HeaderForm formId={FORM_ID} header={c.header} serverErrors={c.serverErrors} readOnly={readOnly} onChange={setDraft} onSubmit={onHeaderSubmit} />
      <Stack as="section" gap="3" aria-labelledby="diagram-title">
        <Heading as="h2" size="md" id="diagram-title">
          {t('flowDesigner.diagram')}
        </Heading>
        {!readOnly && <KeysHint>{t('flowDesigner.keyboardHelp')}</KeysHint>}
        {!readOnly && <FlowToolbar {...toolbar} canUndo={undoable(c)} canRedo={redoable(c)} />}
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }} gap="3" alignItems="start">
          <FlowCanvas
            nodes={view.nodes}
            edges={view.edges}
            onNodesChange={view.onNodesChange}
            onEdgesChange={view.onEdgesChange}
            onConnect={(desde, hacia) => send({ type: 'CONNECT', desde, hacia })}
            canConnect={allows}
            onDelete={(nodes, connections) => send({ type: 'REMOVE', nodes, connections })}
            onSelectionChange={(nodes, edges) => setSelection((prev) => sameSelection(prev, selectionOf(nodes, edges)))}
            onDropKind={readOnly ? undefined : (tipo, at) => send({ type: 'ADD', tipo, at })}
            onInit={(i) => (canvas.current = i)}
            readOnly={readOnly}
          />
          <Stack gap="3">
            <StepInspector
              graph={graph}
              selected={selection}
              titleOf={names.titleOf}
              lists={LISTS}
              onChangeNode={(clave, changes) => {
                send({ type: 'UPDATE_NODE', clave, changes });
                names.learn(changes);
              }}
              onChangeOption={(id, texto) => send({ type: 'UPDATE_OPTION', id, texto })}
              onSetDefault={(id) => send({ type: 'SET_DEFAULT', id })}
              onConnect={(desde, hacia) => send({ type: 'CONNECT', desde, hacia })}
              onRemove={(nodes, connections) => send({ type: 'REMOVE', nodes, connections })}
              readOnly={readOnly}
            />
            <ProblemList problems={problems} graph={graph} titleOf={names.titleOf} onPick={pickProblem} />
          </Stack>
        </Grid>
      </Stack>
    </Stack>
  );
}
