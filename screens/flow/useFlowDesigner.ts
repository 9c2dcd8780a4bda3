/**
 * The designer machine (machines/flowDesigner.ts) wired to the app: the generic entity calls for load and
 * save (`flujo/show`, `flujo/save`, `flujo/update/{id}` with the version), `flujo/verify/{id}` (with the unsaved
 * edits as `{version, borrador}`: stored only when they pass; Save of a live flow's graph edit goes this way too),
 * toasts, and the lists refreshed after a write.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import type { GraphProblem } from '../../engine/flow/graph';
import { flowDesignerMachine } from '../../machines/flowDesigner';
import type { SaveInput, StoredFlow, VerifyInput } from '../../machines/flowDesignerModel';
import { emitUpdateList } from '../../widgets/DataTable';
import { showError, showSuccess } from '../../widgets/toaster';
import { entityCalls } from '../app/entityData';
import { reportFailure } from '../app/feedback';
import { api } from '../app/session';

const ENTITY = 'flujo';

export interface DesignerCallbacks {
  /** A new flow was stored under this id. */
  onCreated: (id: number) => void;
  /** The flow to open does not exist (any more). */
  onMissing: () => void;
  /** Verify found these problems in the graph as drawn and sent nothing. */
  onRefusedVerify?: (problems: GraphProblem[]) => void;
  /** Save of a live flow was held back: storing these problems would take it out of use (ask; SAVE `withdraw` stores it). */
  onConfirmWithdraw?: (problems: GraphProblem[]) => void;
}

export function useFlowDesigner(idParam: string, callbacks: DesignerCallbacks) {
  const { t } = useTranslation();
  const latest = useRef({ callbacks, t });
  latest.current = { callbacks, t };

  const machine = useMemo(
    () =>
      flowDesignerMachine.provide({
        actors: {
          save: fromPromise<StoredFlow, SaveInput>(async ({ input }) =>
            (input.id === null
              ? entityCalls.save(ENTITY, input.record)
              : entityCalls.update(ENTITY, input.id, { ...input.record, version: input.version })) as Promise<StoredFlow>,
          ),
          // quiet, as saves are: `failed` below says what went wrong, once
          verify: fromPromise<StoredFlow, VerifyInput>(async ({ input }) =>
            api.post<StoredFlow>(`${ENTITY}/verify/${input.id}`, input.draft ? { version: input.draft.version, borrador: input.draft.record } : {}, { quiet: true }),
          ),
        },
        actions: {
          saved: ({ context }, flow) => {
            showSuccess(latest.current.t('entity.saved'));
            emitUpdateList();
            if (context.id === null) latest.current.callbacks.onCreated(flow.id);
          },
          refusedRemoval: () => showError(latest.current.t('errors.RESPUESTA_DEJA_HUERFANA')),
          refusedVerify: (_, { problems }) => {
            showError(latest.current.t('errors.FLOW_INVALID'));
            latest.current.callbacks.onRefusedVerify?.(problems);
          },
          confirmWithdraw: (_, { problems }) => latest.current.callbacks.onConfirmWithdraw?.(problems),
          verified: () => {
            showSuccess(latest.current.t('flowDesigner.verified'));
            emitUpdateList();
          },
          failed: (_, { error }) => {
            // a refused verify shows its problems on the steps; the toast says why in one line
            if (error instanceof ApiError && error.code === 'FLOW_INVALID') showError(latest.current.t('errors.FLOW_INVALID'));
            else if (error instanceof ApiError) reportFailure(error);
          },
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine);

  useEffect(() => {
    if (idParam === 'create') {
      send({ type: 'LOADED', flow: null });
      return;
    }
    let live = true;
    entityCalls.show(ENTITY, idParam).then(
      (flow) => live && send({ type: 'LOADED', flow }),
      () => live && latest.current.callbacks.onMissing(),
    );
    return () => {
      live = false;
    };
    // the designer is opened once per flow (the screen remounts it for another id)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { snapshot, send };
}
