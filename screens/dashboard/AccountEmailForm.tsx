/** The user's own e-mail, where password recovery sends its link (user/account, user/changeEmail). */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { isEmail } from '../../engine/email';
import { ApiError } from '../../engine/api/client';
import { FormField } from '../../widgets/FormField';
import { PasswordField } from '../../widgets/PasswordField';
import { showSuccess } from '../../widgets/toaster';
import { api } from '../app/session';
import { reportFailure } from '../app/feedback';

export function AccountEmailForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [currentPassword, setCurrent] = useState('');
  const [touched, setTouched] = useState(false);
  const [wrongPassword, setWrongPassword] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    api.post<{ email: string }>('user/account', {}, { quiet: true }).then(
      (r) => live && (setEmail(r.email), setSaved(r.email)),
      () => live && setSaved(''),
    );
    return () => {
      live = false;
    };
  }, []);

  const emailError = email.trim() !== '' && !isEmail(email.trim()) ? t('validation.email') : undefined;
  const passwordError = wrongPassword
    ? t('errors.WRONG_CURRENT_PASSWORD')
    : touched && !currentPassword
      ? t('validation.required', { label: t('dashboard.email.password') })
      : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailError || !currentPassword) return;
    setSending(true);
    try {
      const r = await api.post<{ email: string }>('user/changeEmail', { currentPassword, email }, { quiet: true });
      setSaved(r.email);
      setEmail(r.email);
      setCurrent('');
      setTouched(false);
      showSuccess(t('dashboard.email.done'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'WRONG_CURRENT_PASSWORD') setWrongPassword(true);
      else if (err instanceof ApiError) reportFailure(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card.Root maxW="md" variant="outline">
      <Card.Header>
        <Heading as="h2" size="md">{t('dashboard.email.title')}</Heading>
        <Text color="fg.muted" fontSize="sm">{t('dashboard.email.help')}</Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="3">
            <FormField label={t('dashboard.email.email')} error={emailError}>
              <Input name="email" type="email" autoComplete="email" value={email} disabled={saved === null} onChange={(e) => setEmail(e.target.value)} />
            </FormField>
            <FormField label={t('dashboard.email.password')} required error={passwordError}>
              <PasswordField
                name="emailCurrentPassword"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => {
                  setCurrent(e.target.value);
                  setWrongPassword(false);
                }}
              />
            </FormField>
            <Button type="submit" alignSelf="start" loading={sending} disabled={saved === null}>
              {t('dashboard.email.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
