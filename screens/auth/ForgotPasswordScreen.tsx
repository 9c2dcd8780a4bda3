import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { AuthCard } from '../../widgets/AuthCard';
import { LanguageSwitch } from '../../widgets/LanguageSwitch';
import { FormField } from '../../widgets/FormField';
import { api } from '../app/session';

export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState('sending');
    try {
      await api.post('passwordRecovery/sendRecoveryEmail', { username: username.trim() });
      setState('sent');
    } catch {
      setState('idle');
    }
  };

  return (
    <AuthCard title={t('auth.forgot.title')} footer={<LanguageSwitch />}>
      {state === 'sent' ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('auth.forgot.sent')}</Alert.Title>
        </Alert.Root>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <Text>{t('auth.forgot.help')}</Text>
            <FormField label={t('auth.username')} required>
              <Input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
            </FormField>
            <Button type="submit" colorPalette="brand" loading={state === 'sending'} disabled={!username.trim()}>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Link asChild display="block" textAlign="center" mt="4" fontSize="sm">
        <RouterLink to="/auth/login">{t('auth.backToLogin')}</RouterLink>
      </Link>
    </AuthCard>
  );
}
