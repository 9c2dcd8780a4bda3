/** The user's own password (user/changePassword). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { FormField } from '../../widgets/FormField';
import { PasswordField } from '../../widgets/PasswordField';
import { showSuccess } from '../../widgets/toaster';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { checkNewPassword } from '../../engine/password';
import { ApiError } from '../../engine/api/client';
import { api } from '../app/session';
import { reportFailure } from '../app/feedback';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [wrongCurrent, setWrongCurrent] = useState(false);
  const problem = checkNewPassword(password, confirmation);
  const required = (label: string, value: string) => (touched && !value ? t('validation.required', { label }) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || !currentPassword) return;
    setSending(true);
    try {
      await api.post('user/changePassword', { currentPassword, password, confirmation }, { quiet: true });
      showSuccess(t('dashboard.password.done'));
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setTouched(false);
    } catch (err) {
      // a wrong current password is said on its field; anything else is reported as usual, never left unhandled
      if (err instanceof ApiError && err.code === 'WRONG_CURRENT_PASSWORD') setWrongCurrent(true);
      else if (err instanceof ApiError) reportFailure(err);
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
            <FormField
              label={t('dashboard.password.current')}
              required
              error={wrongCurrent ? t('errors.WRONG_CURRENT_PASSWORD') : required(t('dashboard.password.current'), currentPassword)}
            >
              <PasswordField
                name="currentPassword"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => {
                  setCurrent(e.target.value);
                  setWrongCurrent(false);
                }}
              />
            </FormField>
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPassword={setPassword}
              onConfirmation={setConfirmation}
              problem={touched ? problem : null}
              required={touched ? [required(t('auth.reset.password'), password), required(t('auth.reset.confirmation'), confirmation)] : undefined}
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
