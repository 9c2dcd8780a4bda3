import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  // STORYBOOK_STORIES: one stories file only (the bench's virtualizer part builds just the DataTable's)
  stories: process.env.STORYBOOK_STORIES ? [process.env.STORYBOOK_STORIES] : ['../widgets/**/*.stories.tsx', '../screens/**/*.stories.tsx'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The benchmark's build (tests/bench, STORYBOOK_BENCH=1) leaves out Storybook's highlight tool: on every DOM
  // change of the story it reads the computed style of every element on the page, about 5 ms per frame of a
  // scrolling table, which no app page pays.
  features: { highlight: process.env.STORYBOOK_BENCH !== '1' },
  // Stories validate fixture schemas that are not in schemas/: the form compiles its validators at run time
  // here (widgets/SchemaForm/rules.ts), not with the app's precompiled ones.
  viteFinal: (config) => ({
    ...config,
    plugins: (config.plugins ?? []).flat().filter((p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'form-validators')),
  }),
};

export default config;
