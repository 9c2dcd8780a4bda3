/** Every story renders inside the app's UiProvider with i18n set up; a toolbar switch picks the language. */
import { useEffect, type ReactNode } from 'react';
import type { Preview } from '@storybook/react-vite';
import { UiProvider } from '../widgets/UiProvider';
import i18next, { DEFAULT_LANGUAGE, initI18n, isLanguage } from '../locales/i18n';

/** Follows the toolbar only when it changes, so a LanguageSwitch inside a story keeps its choice. */
function LocaleSync({ locale, children }: { locale: unknown; children: ReactNode }) {
  useEffect(() => {
    if (isLanguage(locale) && i18next.language !== locale) void i18next.changeLanguage(locale);
  }, [locale]);
  return <>{children}</>;
}

const preview: Preview = {
  // the texts of a language load on first use: stories render once Spanish is there
  beforeAll: async () => {
    await initI18n(DEFAULT_LANGUAGE);
  },
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'es', title: 'Español' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: DEFAULT_LANGUAGE },
  parameters: {
    layout: 'fullscreen',
    viewport: {
      options: {
        phone: { name: 'Phone 360', styles: { width: '360px', height: '740px' } },
      },
    },
  },
  decorators: [
    (Story, context) => (
      <LocaleSync locale={context.globals.locale}>
        <UiProvider>
          <Story />
        </UiProvider>
      </LocaleSync>
    ),
  ],
};

export default preview;
