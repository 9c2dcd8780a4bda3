import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../widgets/**/*.stories.tsx', '../screens/**/*.stories.tsx'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
