/** A password input with a show / hide toggle. Put it inside <FormField> for its label; props and ref go to the input. */
import { useState, type Ref } from 'react';
import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

export interface PasswordFieldProps extends Omit<InputProps, 'type'> {
  ref?: Ref<HTMLInputElement>;
  /** Start with the text visible. */
  defaultVisible?: boolean;
}

export function PasswordField({ ref, defaultVisible = false, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(defaultVisible);
  return (
    <InputGroup
      endElementProps={{ pe: '1' }}
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          aria-label={t(visible ? 'widgets.password.hide' : 'widgets.password.show')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    >
      <Input ref={ref} autoComplete="current-password" {...props} type={visible ? 'text' : 'password'} />
    </InputGroup>
  );
}
