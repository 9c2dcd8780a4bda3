/**
 * A delivery's "Replay" (issue 15): queues the same event again for the same subscription
 * (`evento_entrega/reenviar`), as a new delivery; the log shows it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@chakra-ui/react';
import { emitUpdateList } from '../../widgets/DataTable';
import { showSuccess } from '../../widgets/toaster';
import { api } from '../app/session';
import type { FormExtraProps } from '../formExtras';

export default function ReplayDelivery({ id, whenSaved }: FormExtraProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const replay = async () => {
    setBusy(true);
    try {
      const reply = await api.post<{ id: number }>(`evento_entrega/reenviar/${encodeURIComponent(String(id))}`, {});
      showSuccess(t('events.replayed', { id: reply.id }));
      emitUpdateList();
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" loading={busy} onClick={() => whenSaved(() => void replay())}>
      {t('events.replay')}
    </Button>
  );
}
