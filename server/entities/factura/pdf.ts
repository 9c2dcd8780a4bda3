import type { DocContext } from '../../documents/types';
import { ApiError } from '../../http/api-error';

export async function invoicePdf(_ctx: DocContext, record: Record<string, any>): Promise<{ name: string; data: Buffer }> {
  if (record.estado !== 'emitida') throw new ApiError(406, 'FACTURA_NO_EMITIDA');
  throw new ApiError(406, 'FACTURA_NO_EMITIDA');
}
