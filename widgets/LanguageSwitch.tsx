/** Chooses the screen language (Spanish / English); the choice is persisted by locales/i18n.ts. A language whose texts cannot be fetched is said, and the screen stays as it was. */
import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, setLanguage } from '../locales/i18n';
import { showError } from './toaster';

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
          // the select keeps showing the language still on screen
          if (isLanguage(lang)) setLanguage(lang, i18n).catch(() => showError(t('widgets.language.unavailable')));
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
