/** Chooses the screen language (Spanish / English); the choice is persisted by locales/i18n.ts. */
import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, setLanguage } from '../locales/i18n';

export interface LanguageSwitchProps {
  size?: 'xs' | 'sm' | 'md';
}

export function LanguageSwitch({ size = 'sm' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <NativeSelect.Root size={size} width="auto">
      <NativeSelect.Field
        data-testid="language-switch"
        aria-label={t('app.language')}
        value={current}
        onChange={(e) => {
          const lang = e.currentTarget.value;
          if (isLanguage(lang)) void setLanguage(lang, i18n);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`widgets.language.${lang}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
