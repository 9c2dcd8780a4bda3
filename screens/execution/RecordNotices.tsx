/** What the record page says above its form: who holds the record (a warning when it keeps the user out) and that it is closed. */
import { useTranslation } from 'react-i18next';
import { Alert } from '@chakra-ui/react';

interface Props {
  /** The name of whoever holds the record, when someone does. */
  holder: string | null | undefined;
  heldByOther: boolean;
  /** The state of a closed record; null while it is open. */
  closedState: string | null;
}

export function RecordNotices({ holder, heldByOther, closedState }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {holder && (
        <Alert.Root status={heldByOther ? 'warning' : 'info'} role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{heldByOther ? t('errors.REGISTRO_TOMADO') : t('execution.heldTitle')}</Alert.Title>
            <Alert.Description>{t('execution.heldBy', { usuario: holder })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {closedState !== null && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('execution.closedNote', { estado: t(`entities.registro.enums.estado.${closedState}`) })}</Alert.Title>
        </Alert.Root>
      )}
    </>
  );
}
