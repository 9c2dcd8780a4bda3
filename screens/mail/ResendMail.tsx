/**
 * A communication's "Resend" (issue 15): queues the mail again (`comunicacion/reenviar`); the mail loop sends it
 * in its next round and the list shows it queued, then sent or failed with the error.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@chakra-ui/react';
import { emitUpdateList } from '../../widgets/DataTable';
import { showSuccess } from '../../widgets/toaster';
import { api } from '../app/session';
import type { FormExtraProps } from '../formExtras';

export default function ResendMail({ id, reload }: FormExtraProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await api.post(`comunicacion/reenviar/${encodeURIComponent(String(id))}`, {});
      showSuccess(t('mail.resent'));
      emitUpdateList();
      reload();
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" loading={busy} onClick={() => void resend()}>
      {t('mail.resend')}
    </Button>
  );
}
