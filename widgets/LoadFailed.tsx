/**
 * A read that failed, said where its data would show, with a "Try again" button: never an empty list's text, a
 * create form or "does not exist" (engine/api/failure.ts). The text is the failure's own (its code's, or the
 * server's message) when known, else a generic one. With a title it is the whole page's message.
 */
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../engine/api/failure';

export interface LoadFailedProps {
  /** The failure (an ApiError gives its text). */
  error?: unknown;
  onRetry: () => void;
  /** A page's heading: the failed read was what the page is about. */
  title?: string;
}

export function LoadFailed({ error, onRetry, title }: LoadFailedProps) {
  const { t, i18n } = useTranslation();
  const why = failureText(error, (code) => i18n.exists(`errors.${code}`));
  const text = why === null ? t('widgets.loadFailed.text') : 'key' in why ? t(why.key, why.values) : why.message;
  return (
    <Stack role="alert" gap="2" align={title ? 'center' : 'start'} textAlign={title ? 'center' : undefined} py={title ? { base: 8, md: 16 } : undefined}>
      {title && (
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
      )}
      <Text color="fg.error" textStyle="sm">
        {text}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('widgets.loadFailed.retry')}
      </Button>
    </Stack>
  );
}
