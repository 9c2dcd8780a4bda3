import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button, Link, Stack } from '@chakra-ui/react';
import { AuthCard } from '../../widgets/AuthCard';
import { LanguageSwitch } from '../../widgets/LanguageSwitch';
import { NewPasswordFields } from './NewPasswordFields';
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
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            problem={touched ? problem : null}
            showRule
          />
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
