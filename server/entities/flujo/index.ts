/**
 * A flow (macroprocess, spec §3; /backOffice/macroprocess): a graph of steps over activities (child rows
 * `nodos` and `conexiones`, engine/flow/graph.ts), usable only once verified. What its module adds:
 *
 * - `verificado` is set by the server only: a write keeps it only when the graph did not change (positions
 *   aside); `flujo/verify/{id}` sets it after validating the stored graph;
 * - `flujo/validate` `{nodos, conexiones}` -> `{valid, errors: [{code, nodes}]}` (the named activities and flows
 *   must exist); `flujo/verify/{id}` -> the verified flow, or 400 FLOW_INVALID with the same errors;
 * - `flow/duplicate/` `{id}` -> a copy (named "<name> (copia)", "(copia 2)", …), not verified;
 * - the step calls (./steps.ts) and the workspace calls (./workspace.ts).
 */
import type { FieldError } from '../../../engine/errors';
import { foldText } from '../../../engine/text/fold';
import { ApiError, notFound } from '../../http/api-error';
import { defineEntityServer, type Data, type DocContext, type WriteArgs } from '../../documents/types';
import { graphOf, graphProblems, problemErrors, sameGraph } from './graph';
import { addflowstep, canDeleteResponse, deletestep, updateflowstep } from './steps';
import { getFlowActivities, getFlows, getFlowsCards } from './workspace';

/** Transactions in which `verify` sets `verificado` (nothing else may). */
const verifying = new WeakSet<DocContext>();

function normalize({ doc, previous, ctx }: WriteArgs): Data {
  const keep = verifying.has(ctx) || (previous?.verificado === true && sameGraph(graphOf(previous), graphOf(doc)));
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
        properties: { nodos: { type: 'array', maxItems: 2000 }, conexiones: { type: 'array', maxItems: 4000 }, id: { type: ['integer', 'null'] } },
      },
      async run({ ctx, body }) {
        const errors = await graphProblems(ctx.trx, body, typeof body.id === 'number' ? body.id : null);
        return { valid: errors.length === 0, errors };
      },
    },
    verify: {
      scope: 'record',
      async run({ ctx, record }) {
        const problems = await graphProblems(ctx.trx, graphOf(record), record!.id);
        if (problems.length) throw new ApiError(400, 'FLOW_INVALID', problemErrors(problems) as FieldError[]);
        verifying.add(ctx);
        try {
          return await ctx.docs.patch(ctx, 'flujo', record!.id, { verificado: true });
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
