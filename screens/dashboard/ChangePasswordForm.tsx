/** The user's own password (user/changePassword). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { FormField } from '../../widgets/FormField';
import { PasswordField } from '../../widgets/PasswordField';
import { showSuccess } from '../../widgets/toaster';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { checkNewPassword } from '../../engine/password';
import { api } from '../app/session';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const problem = checkNewPassword(password, confirmation);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || !currentPassword) return;
    setSending(true);
    try {
      await api.post('user/changePassword', { currentPassword, password, confirmation });
      showSuccess(t('dashboard.password.done'));
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setTouched(false);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card.Root maxW="md" variant="outline">
      <Card.Header>
        <Heading as="h2" size="md">{t('dashboard.password.title')}</Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="3">
            <FormField label={t('dashboard.password.current')} required>
              <PasswordField name="currentPassword" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
            </FormField>
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPassword={setPassword}
              onConfirmation={setConfirmation}
              problem={touched ? problem : null}
              passwordName="newPassword"
            />
            <Button type="submit" alignSelf="start" loading={sending}>
              {t('dashboard.password.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
