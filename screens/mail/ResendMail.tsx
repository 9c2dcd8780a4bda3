/**
 * A communication's "Resend" (issue 15): queues the mail again (`comunicacion/reenviar`); the mail loop sends it
 * in its next round and the list shows it queued, then sent or failed with the error. Where the server sends no
 * mail at all (`comunicacion/envio`: SMTP_URL not set) it says so: a mail pending with no error would otherwise
 * look as if it were about to leave.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, HStack, Text } from '@chakra-ui/react';
import { emitUpdateList } from '../../widgets/DataTable';
import { showSuccess } from '../../widgets/toaster';
import { api } from '../app/session';
import type { FormExtraProps } from '../formExtras';

export default function ResendMail({ id, reload, whenSaved }: FormExtraProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [delivering, setDelivering] = useState(true);
  useEffect(() => {
    let alive = true;
    api
      .post<{ entrega: boolean }>('comunicacion/envio', {}, { quiet: true })
      .then((r) => alive && setDelivering(r.entrega))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);
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
    <HStack gap="3" flexWrap="wrap">
      {!delivering && (
        <Text role="status" textStyle="sm" color="orange.fg">
          {t('mail.notDelivering')}
        </Text>
      )}
      <Button type="button" variant="outline" size="sm" loading={busy} onClick={() => whenSaved(() => void resend())}>
        {t('mail.resend')}
      </Button>
    </HStack>
  );
}
