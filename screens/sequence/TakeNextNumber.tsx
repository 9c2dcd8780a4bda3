/**
 * The sequence form's "Take next number" (issue 19): the number the next take gives is previewed on the button
 * (engine/sequence.ts, as the server formats it); taking it (`secuencia/next/{id}`) says the number taken and
 * shows the sequence again with its next value.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@chakra-ui/react';
import { previewNext } from '../../engine/sequence';
import { showSuccess } from '../../widgets/toaster';
import { emitUpdateList } from '../../widgets/DataTable';
import { api } from '../app/session';
import type { FormExtraProps } from '../formExtras';

export default function TakeNextNumber({ id, data, reload, whenSaved }: FormExtraProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const preview = previewNext(data, new Date().getFullYear());
  const take = async () => {
    setBusy(true);
    try {
      const taken = await api.post<{ formatted: string }>(`secuencia/next/${encodeURIComponent(String(id))}`, {});
      showSuccess(t('sequence.taken', { number: taken.formatted }));
      emitUpdateList();
      reload();
    } catch {
      // the client reported it
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => whenSaved(() => void take())} loading={busy} data-testid="take-next-number">
      {t('sequence.take', { number: preview })}
    </Button>
  );
}
