/**
 * A subscription's "New secret" (issue 15): asks the server for a new signing secret (`evento/rotarSecreto`) and
 * shows it once, to be copied into the receiver; the old secret stops working at once. The server never shows a
 * secret again (docs/events.md).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Text } from '@chakra-ui/react';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';
import { api } from '../app/session';
import type { FormExtraProps } from '../formExtras';
import { SecretShown } from './SecretShown';

export default function RotateSecret({ id, reload, whenSaved }: FormExtraProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setAsking(false);
    setSecret(null);
  };

  const rotate = async () => {
    setBusy(true);
    try {
      const reply = await api.post<{ secreto: string }>(`evento/rotarSecreto/${encodeURIComponent(String(id))}`, {});
      setSecret(reply.secreto);
      // the rotation is a write of the subscription: the form takes its new version, which the next save meets
      reload();
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => whenSaved(() => setAsking(true))}>
        {t('events.rotate')}
      </Button>
      {asking && (
        <Modal
          open
          onClose={close}
          title={t('events.rotateTitle')}
          footer={
            secret ? (
              <DialogButtons primary={{ label: t('events.done'), onClick: close }} />
            ) : (
              <DialogButtons
                secondary={{ label: t('modal.cancel'), onClick: close }}
                // the current secret stops working for good: the dialog opens on cancel
                primary={{ label: t('events.rotateConfirm'), onClick: () => void rotate(), loading: busy, danger: true }}
              />
            )
          }
        >
          {secret ? (
            <SecretShown secret={secret} />
          ) : (
            <Text>{t('events.rotateWarning')}</Text>
          )}
        </Modal>
      )}
    </>
  );
}
