import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button, Link, Stack } from '@chakra-ui/react';
import { AuthCard } from '../../widgets/AuthCard';
import { LanguageSwitch } from '../../widgets/LanguageSwitch';
import { FormField } from '../../widgets/FormField';
import { PasswordField } from '../../widgets/PasswordField';
import { showSuccess } from '../../widgets/toaster';
import { checkNewPassword } from '../../engine/password';
import { api } from '../app/session';

export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const problem = checkNewPassword(password, confirmation);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setSending(true);
    try {
      await api.post('passwordRecovery/resetPassword', { token, password, confirmation });
      showSuccess(t('auth.reset.done'));
      navigate('/auth/login', { replace: true });
    } catch {
      setSending(false);
    }
  };

  return (
    <AuthCard title={t('auth.reset.title')} footer={<LanguageSwitch />}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormField
            label={t('auth.reset.password')}
            required
            helperText={t('errors.PASSWORD_TOO_WEAK')}
            error={touched && problem === 'PASSWORD_TOO_WEAK' ? t('errors.PASSWORD_TOO_WEAK') : undefined}
          >
            <PasswordField name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <FormField
            label={t('auth.reset.confirmation')}
            required
            error={touched && problem === 'PASSWORD_MISMATCH' ? t('errors.PASSWORD_MISMATCH') : undefined}
          >
            <PasswordField name="confirmation" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={sending}>
            {t('auth.reset.submit')}
          </Button>
          <Link asChild alignSelf="center" fontSize="sm">
            <RouterLink to="/auth/login">{t('auth.backToLogin')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
