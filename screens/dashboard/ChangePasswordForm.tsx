/** The user's own password (user/changePassword). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { FormField } from '../../widgets/FormField';
import { PasswordField } from '../../widgets/PasswordField';
import { showSuccess } from '../../widgets/toaster';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { checkNewPassword } from '../../engine/password';
import { api } from '../app/session';
import { useSubmitForm } from '../app/useSubmitForm';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const problem = checkNewPassword(password, confirmation);
  const form = useSubmitForm({
    ready: () => !problem && currentPassword !== '',
    send: async () => {
      await api.post('user/changePassword', { currentPassword, password, confirmation }, { quiet: true });
      showSuccess(t('dashboard.password.done'));
      setCurrent('');
      setPassword('');
      setConfirmation('');
    },
    // a wrong current password is said on its field
    fieldCodes: { WRONG_CURRENT_PASSWORD: 'currentPassword' },
  });

  return (
    <Card.Root maxW="md" variant="outline">
      <Card.Header>
        <Heading as="h2" size="md">{t('dashboard.password.title')}</Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={form.submit} noValidate>
          <Stack gap="3">
            <FormField
              label={t('dashboard.password.current')}
              required
              error={form.refusal('currentPassword') ?? form.required(t('dashboard.password.current'), currentPassword)}
            >
              <PasswordField
                name="currentPassword"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => {
                  setCurrent(e.target.value);
                  form.edited('currentPassword');
                }}
              />
            </FormField>
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPassword={setPassword}
              onConfirmation={setConfirmation}
              problem={form.tried ? problem : null}
              required={form.tried ? [form.required(t('auth.reset.password'), password), form.required(t('auth.reset.confirmation'), confirmation)] : undefined}
              passwordName="newPassword"
            />
            <Button type="submit" alignSelf="start" loading={form.sending}>
              {t('dashboard.password.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
