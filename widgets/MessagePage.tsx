/** A page with a title, a text and an optional action: "not available yet", the error page. Screens pass the texts. */
import { Button, Heading, Stack, Text } from '@chakra-ui/react';

export interface MessagePageProps {
  title: string;
  text: string;
  /** Label of the action button; the button shows only with both label and handler. */
  actionLabel?: string;
  onAction?: () => void;
}

export function MessagePage({ title, text, actionLabel, onAction }: MessagePageProps) {
  return (
    <Stack as="section" gap="4" align="center" textAlign="center" py={{ base: 8, md: 16 }} px="4" maxW="xl" mx="auto">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
      {actionLabel && onAction && (
        <Button colorPalette="brand" onClick={onAction}>
          {actionLabel}
        </Button>
      )}
    </Stack>
  );
}
