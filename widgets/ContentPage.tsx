/**
 * A page whose content scrolls within the available height (spec §1): an optional title (and actions)
 * stay in place while the children scroll. The height defaults to the viewport minus the app bar and
 * the page padding of the AppShell.
 */
import type { ReactNode } from 'react';
import { Box, Flex, Heading } from '@chakra-ui/react';

export const CONTENT_PAGE_HEIGHT = 'calc(100dvh - 8rem)';

export interface ContentPageProps {
  title?: string;
  /** Beside the title (buttons, a SubHeader's place when there is no form). */
  actions?: ReactNode;
  /** Any CSS height; default the viewport minus the shell's header and padding. */
  height?: string;
  children: ReactNode;
}

export function ContentPage({ title, actions, height = CONTENT_PAGE_HEIGHT, children }: ContentPageProps) {
  return (
    <Flex direction="column" h={height} minH="0">
      {(title || actions) && (
        <Flex align="center" justify="space-between" gap="3" pb="3" flexShrink={0}>
          {title && (
            <Heading as="h1" size="lg" minW="0" truncate>
              {title}
            </Heading>
          )}
          {actions}
        </Flex>
      )}
      <Box flex="1" minH="0" overflowY="auto" data-scroll-area="" tabIndex={0}>
        {children}
      </Box>
    </Flex>
  );
}
