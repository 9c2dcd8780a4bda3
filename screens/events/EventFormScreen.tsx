/**
 * The subscription's form (`/backOffice/eventosConfig/:id`, issue 15): the entity form, and after a create the
 * signing secret the server answered in that reply — shown once, with a copy button — before going back to the
 * list. Rotation shows a new one the same way (./RotateSecret.tsx).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';
import { EntityFormPage } from '../entity/EntityFormScreen';
import { entityOf } from '../metadata';
import type { ScreenProps } from '../registry';
import { SecretShown } from './SecretShown';

export default function EventFormScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [secret, setSecret] = useState<string | null>(null);
  const toList = () => navigate(entityOf(props.route?.entity).routeForm ?? '/', { replace: true });
  return (
    <>
      <EntityFormPage
        {...props}
        onSaved={({ created, record }) => {
          if (created && typeof record?.secreto === 'string') setSecret(record.secreto);
          else toList();
        }}
      />
      {secret && (
        <Modal
          open
          onClose={toList}
          title={t('events.createdTitle')}
          footer={<DialogButtons primary={{ label: t('events.done'), onClick: toList }} />}
        >
          <SecretShown secret={secret} />
        </Modal>
      )}
    </>
  );
}
