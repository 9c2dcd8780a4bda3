/** The centred card of the login / forgot / reset password screens; full width on phones. Renders the page's <main>. */
import type { ReactNode } from 'react';
import { Card, Flex, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface AuthCardProps {
  title: string;
  children: ReactNode;
  /** Links under the form (e.g. "forgot password?"). */
  footer?: ReactNode;
}

export function AuthCard({ title, children, footer }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Flex
      as="main"
      minH="100dvh"
      align={{ base: 'flex-start', sm: 'center' }}
      justify="center"
      bg={{ base: 'bg.panel', sm: 'bg.muted' }}
      p={{ base: 0, sm: 4 }}
    >
      <Card.Root width="full" maxW={{ sm: 'md' }} borderRadius={{ base: 0, sm: 'l3' }} borderWidth={{ base: 0, sm: '1px' }}>
        <Card.Header gap="1">
          <Text color="brand.fg" fontWeight="bold" textStyle="sm">
            {t('app.name')}
          </Text>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
        {footer && <Card.Footer justifyContent="center">{footer}</Card.Footer>}
      </Card.Root>
    </Flex>
  );
}
