/**
 * A flow (macroprocess, spec §3; /backOffice/macroprocess): a graph of steps over activities (child rows
 * `nodos` and `conexiones`, engine/flow/graph.ts), usable only once verified. What its module adds:
 *
 * - `verificado` is set by the server only: a write keeps it only when the graph did not change (positions
 *   aside); `flujo/verify/{id}` sets it after validating the stored graph;
 * - `flujo/validate` `{nodos, conexiones}` -> `{valid, errors: [{code, nodes}]}` (the named activities and flows
 *   must exist); `flujo/verify/{id}` -> the verified flow, or 400 FLOW_INVALID with the same errors;
 * - `flujo/verify/{id}` `{version, borrador}` verifies an edit before it is stored: `borrador` is the flow as
 *   `flujo/update/{id}` takes it (header fields, `nodos`, `conexiones`); its graph is checked first and only a
 *   valid one is stored, verified, in the same transaction. A refusal (FLOW_INVALID, VALIDATION_FAILED,
 *   VERSION_CONFLICT) writes nothing: a verified flow stays verified and in use;
 * - `flow/duplicate/` `{id}` -> a copy (named "<name> (copia)", "(copia 2)", …), not verified;
 * - the step calls (./steps.ts) and the workspace calls (./workspace.ts).
 */
import type { FieldError } from '../../../engine/errors';
import { sameMeaning } from '../../../engine/flow/edit';
import { foldText } from '../../../engine/text/fold';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { defineEntityServer, type Data, type DocContext, type WriteArgs } from '../../documents/types';
import { graphOf, graphProblems, problemErrors } from './graph';
import { addflowstep, canDeleteResponse, deletestep, updateflowstep } from './steps';
import { getFlowActivities, getFlows, getFlowsCards } from './workspace';

/** Transactions in which `verify` sets `verificado` (nothing else may). */
const verifying = new WeakSet<DocContext>();

function normalize({ doc, previous, ctx }: WriteArgs): Data {
  const keep = verifying.has(ctx) || (previous?.verificado === true && sameMeaning(graphOf(previous), graphOf(doc)));
  return { ...doc, verificado: keep };
}

const withoutIds = (rows: unknown) => (Array.isArray(rows) ? rows.map(({ id: _id, ...rest }: Data) => rest) : []);

async function copyName(ctx: DocContext, nombre: string): Promise<string> {
  const rows = await ctx.trx.selectFrom('flujo').select('nombre').execute();
  const taken = new Set(rows.map((r) => foldText(String(r.nombre))));
  for (let n = 1; ; n++) {
    const name = `${nombre} (copia${n === 1 ? '' : ` ${n}`})`;
    if (!taken.has(foldText(name))) return name;
  }
}

export default defineEntityServer({
  needs: ['nombre', 'grupo', 'nodos', 'conexiones'],
  serverOwned: ['verificado'],
  normalize,
  actions: {
    validate: {
      scope: 'entity',
      read: true,
      bodyLimit: 1024 * 1024,
      body: {
        type: 'object',
        required: ['nodos', 'conexiones'],
        additionalProperties: false,
        properties: { nodos: { type: 'array', maxItems: 2000 }, conexiones: { type: 'array', maxItems: 4000 }, id: { type: ['integer', 'null'] } },
      },
      async run({ ctx, body }) {
        const errors = await graphProblems(ctx.trx, body, typeof body.id === 'number' ? body.id : null);
        return { valid: errors.length === 0, errors };
      },
    },
    verify: {
      scope: 'record',
      bodyLimit: 1024 * 1024,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { version: { type: 'integer', minimum: 0 }, borrador: { type: 'object' } },
      },
      async run({ ctx, record, body }) {
        const draft = (body as { borrador?: Data }).borrador;
        const version = (body as { version?: number }).version;
        if (draft !== undefined && version === undefined) throw badRequest('VALIDATION_FAILED', [{ field: 'version', code: 'required' }]);
        const refuse = async (graph: unknown) => {
          const problems = await graphProblems(ctx.trx, graph, record!.id);
          if (problems.length) throw new ApiError(400, 'FLOW_INVALID', problemErrors(problems) as FieldError[]);
        };
        // the edit is checked before anything is written: a refused verify leaves the stored flow as it was
        await refuse(draft ?? graphOf(record));
        verifying.add(ctx);
        try {
          if (draft === undefined) return await ctx.docs.patch(ctx, 'flujo', record!.id, { verificado: true });
          const stored = await ctx.docs.update(ctx, 'flujo', record!.id, draft, version!);
          // what was stored is what was checked (a refusal here rolls the update back)
          await refuse(graphOf(stored));
          return stored;
        } finally {
          verifying.delete(ctx);
        }
      },
    },
    duplicate: {
      scope: 'entity',
      path: 'flow/duplicate',
      body: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } }, additionalProperties: false },
      async run({ ctx, body }) {
        const source = await ctx.docs.get(ctx, 'flujo', (body as { id: number }).id, { raw: true });
        if (!source) throw notFound();
        const { id: _id, version: _version, ...fields } = source;
        const copy = { ...fields, nombre: await copyName(ctx, String(fields.nombre)), verificado: false, nodos: withoutIds(fields.nodos), conexiones: withoutIds(fields.conexiones) };
        return ctx.docs.insert(ctx, 'flujo', copy);
      },
    },
    addflowstep,
    updateflowstep,
    deletestep,
    canDeleteResponse,
    getFlows,
    getFlowsCards,
    getFlowActivities,
  },
});
