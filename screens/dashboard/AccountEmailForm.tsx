/** The user's own e-mail, where password recovery sends its link (user/account, user/changeEmail). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { isEmail } from '../../engine/email';
import { FormField } from '../../widgets/FormField';
import { LoadFailed } from '../../widgets/LoadFailed';
import { PasswordField } from '../../widgets/PasswordField';
import { showSuccess } from '../../widgets/toaster';
import { api } from '../app/session';
import { useSubmitForm } from '../app/useSubmitForm';

export function AccountEmailForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [currentPassword, setCurrent] = useState('');
  // the e-mail could not be read (a quiet call): said, with a retry; the form waits (an empty field is no e-mail)
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const [tries, setTries] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(null);
    api.post<{ email: string }>('user/account', {}, { quiet: true }).then(
      (r) => live && (setEmail(r.email), setSaved(r.email)),
      (error: unknown) => live && setFailed({ error }),
    );
    return () => {
      live = false;
    };
  }, [tries]);

  const emailError = email.trim() !== '' && !isEmail(email.trim()) ? t('validation.email') : undefined;
  const form = useSubmitForm({
    ready: () => !emailError && currentPassword !== '',
    send: async () => {
      const r = await api.post<{ email: string }>('user/changeEmail', { currentPassword, email }, { quiet: true });
      setSaved(r.email);
      setEmail(r.email);
      setCurrent('');
      showSuccess(t('dashboard.email.done'));
    },
    fieldCodes: { WRONG_CURRENT_PASSWORD: 'currentPassword' },
  });

  return (
    <Card.Root maxW="md" variant="outline">
      <Card.Header>
        <Heading as="h2" size="md">{t('dashboard.email.title')}</Heading>
        <Text color="fg.muted" fontSize="sm">{t('dashboard.email.help')}</Text>
      </Card.Header>
      <Card.Body>
        {failed && <LoadFailed error={failed.error} onRetry={() => setTries((n) => n + 1)} />}
        <form onSubmit={form.submit} noValidate hidden={Boolean(failed)}>
          <Stack gap="3">
            <FormField label={t('dashboard.email.email')} error={emailError}>
              <Input name="email" type="email" autoComplete="email" value={email} disabled={saved === null} onChange={(e) => setEmail(e.target.value)} />
            </FormField>
            <FormField
              label={t('dashboard.email.password')}
              required
              error={form.refusal('currentPassword') ?? form.required(t('dashboard.email.password'), currentPassword)}
            >
              <PasswordField
                name="emailCurrentPassword"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => {
                  setCurrent(e.target.value);
                  form.edited('currentPassword');
                }}
              />
            </FormField>
            <Button type="submit" alignSelf="start" loading={form.sending} disabled={saved === null}>
              {t('dashboard.email.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
