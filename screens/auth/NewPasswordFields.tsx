/** New password and its confirmation, with the one password rule of engine/password.ts. */
import { useTranslation } from 'react-i18next';
import type { PasswordProblem } from '../../engine/password';
import { FormField } from '../../widgets/FormField';
import { PasswordField } from '../../widgets/PasswordField';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (v: string) => void;
  onConfirmation: (v: string) => void;
  /** The problem to show (after a first submit). */
  problem: PasswordProblem | null;
  /** Show the rule under the field before any error. */
  showRule?: boolean;
  passwordName?: string;
  /** "Required" texts of the two fields (when empty after a submit); they come before the rule's problem. */
  required?: [string | undefined, string | undefined];
}

export function NewPasswordFields({ password, confirmation, onPassword, onConfirmation, problem, showRule, passwordName = 'password', required }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={t('auth.reset.password')}
        required
        helperText={showRule ? t('errors.PASSWORD_TOO_WEAK') : undefined}
        error={required?.[0] ?? (problem === 'PASSWORD_TOO_WEAK' ? t('errors.PASSWORD_TOO_WEAK') : undefined)}
      >
        <PasswordField name={passwordName} autoComplete="new-password" value={password} onChange={(e) => onPassword(e.target.value)} />
      </FormField>
      <FormField
        label={t('auth.reset.confirmation')}
        required
        error={required?.[1] ?? (problem === 'PASSWORD_MISMATCH' && !required?.[0] ? t('errors.PASSWORD_MISMATCH') : undefined)}
      >
        <PasswordField name="confirmation" autoComplete="new-password" value={confirmation} onChange={(e) => onConfirmation(e.target.value)} />
      </FormField>
    </>
  );
}
