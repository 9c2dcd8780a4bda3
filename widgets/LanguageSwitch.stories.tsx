import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';

/** The switch and a translated text, to see the change take effect. */
function WithSample() {
  const { t } = useTranslation();
  return (
    <Box p="4" display="flex" gap="3" alignItems="center">
      <LanguageSwitch />
      <Text data-testid="sample-text">{t('app.logout')}</Text>
    </Box>
  );
}

const meta = {
  title: 'Widgets/LanguageSwitch',
  component: LanguageSwitch,
} satisfies Meta<typeof LanguageSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { render: () => <WithSample /> };
