import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Checkbox, Input, Link, Stack } from '@chakra-ui/react';
import { AuthCard } from '../../widgets/AuthCard';
import { LanguageSwitch } from '../../widgets/LanguageSwitch';
import { FormField } from '../../widgets/FormField';
import { PasswordField } from '../../widgets/PasswordField';
import { useSession } from '../app/useSession';

export default function LoginScreen() {
  const { t } = useTranslation();
  const { login, error, errorParams, busy } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  // the error speaks about the credentials sent: once the user edits them it no longer applies
  const [sent, setSent] = useState<string | null>(null);
  const typed = `${username}\u0000${password}`;
  // a lock is about the user name: its message stays while that name is the one typed
  const locked = error === 'LOGIN_LOCKED' || error === 'LOGIN_RATE_LIMITED';
  const showError = Boolean(error) && sent !== null && (locked ? sent.split('\u0000')[0] === username : sent === typed);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(typed);
    login({ username: username.trim(), password, rememberMe });
  };

  return (
    <AuthCard title={t('auth.login.title')} footer={<LanguageSwitch />}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {showError && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{t(`errors.${error}`, { ...errorParams, defaultValue: t('errors.LOGIN_FAILED') })}</Alert.Title>
            </Alert.Root>
          )}
          <FormField label={t('auth.username')} required>
            <Input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
          </FormField>
          <FormField label={t('auth.password')} required>
            <PasswordField name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <Checkbox.Root checked={rememberMe} onCheckedChange={(d) => setRememberMe(d.checked === true)}>
            <Checkbox.HiddenInput name="rememberMe" />
            <Checkbox.Control />
            <Checkbox.Label>{t('auth.login.rememberMe')}</Checkbox.Label>
          </Checkbox.Root>
          <Button type="submit" colorPalette="brand" loading={busy} disabled={!username || !password}>
            {t('auth.login.submit')}
          </Button>
          <Link asChild alignSelf="center" fontSize="sm">
            <RouterLink to="/auth/forgotPassword">{t('auth.login.forgot')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
