import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, HStack, Text } from '@chakra-ui/react';

/** The system's brand palette (UiProvider wraps every story through the preview). */
function BrandSample() {
  return (
    <HStack p="4" gap="3" wrap="wrap">
      <Button colorPalette="brand">Solid</Button>
      <Button colorPalette="brand" variant="outline">Outline</Button>
      <Button colorPalette="brand" variant="subtle">Subtle</Button>
      <Text color="brand.fg">brand.fg</Text>
    </HStack>
  );
}

const meta = {
  title: 'Widgets/Theme',
  component: BrandSample,
} satisfies Meta<typeof BrandSample>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Brand: Story = {};
