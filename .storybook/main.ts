import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../widgets/**/*.stories.tsx', '../screens/**/*.stories.tsx'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The benchmark's build (tests/bench, STORYBOOK_BENCH=1) leaves out Storybook's highlight tool: on every DOM
  // change of the story it reads the computed style of every element on the page, about 5 ms per frame of a
  // scrolling table, which no app page pays.
  features: { highlight: process.env.STORYBOOK_BENCH !== '1' },
};

export default config;
