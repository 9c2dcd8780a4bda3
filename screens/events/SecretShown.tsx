/**
 * A signing secret shown once (issue 15): after a subscription is created and after each rotation the server
 * answers the secret a single time; this shows it with a copy button, to be pasted into the receiver.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Code, HStack, Stack, Text } from '@chakra-ui/react';

export function SecretShown({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      // no clipboard (permission, insecure page): the text stays selectable
      setCopied('no');
    }
  };
  return (
    <Stack gap="3">
      <Text>{t('events.secretOnce')}</Text>
      <Code data-testid="event-secret" p="2" wordBreak="break-all" userSelect="all">
        {secret}
      </Code>
      <HStack gap="3">
        <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
          {t('events.copy')}
        </Button>
        {copied && (
          <Text role="status" fontSize="sm">
            {copied === 'yes' ? t('events.copied') : t('events.copyFailed')}
          </Text>
        )}
      </HStack>
    </Stack>
  );
}
