/**
 * The logged-in layout: a header (menu button on phones, app name, user, language, logout),
 * the menu as a sidebar from md up or in a drawer on phones, and <main> for the page.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Drawer, Flex, Heading, IconButton, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../engine/routeTree';
import { APP_HEADER_HEIGHT } from '../engine/list/sizes';
import { AppMenu } from './AppMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { CloseIcon, LogoutIcon, MenuIcon } from './icons';

export interface AppShellProps {
  user: { username: string };
  menu: readonly MenuItem[];
  currentPath: string;
  onNavigate: (path: string) => void;
  onLogout: () => void;
  children: ReactNode;
}

export function AppShell({ user, menu, currentPath, onNavigate, onLogout, children }: AppShellProps) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigateFromDrawer = (path: string) => {
    setDrawerOpen(false);
    onNavigate(path);
  };

  return (
    <Flex direction="column" minH="100dvh">
      <Flex as="header" align="center" gap={{ base: 1, sm: 3 }} px={{ base: 2, md: 4 }} h={`${APP_HEADER_HEIGHT}px`} borderBottomWidth="1px" bg="bg.panel" position="sticky" top="0" zIndex="sticky">
        <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start" size="xs" lazyMount unmountOnExit>
          <Drawer.Trigger asChild>
            <IconButton variant="ghost" aria-label={t('app.menu')} hideFrom="md">
              <MenuIcon />
            </IconButton>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content>
                <Drawer.Header flexDirection="column" alignItems="flex-start" gap="0" pe="12">
                  <Drawer.Title>{t('app.menu')}</Drawer.Title>
                  <Text textStyle="sm" color="fg.muted" truncate maxW="full">
                    {user.username}
                  </Text>
                </Drawer.Header>
                <Drawer.Body px="2">
                  <AppMenu items={menu} currentPath={currentPath} onNavigate={navigateFromDrawer} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <IconButton variant="ghost" size="sm" aria-label={t('app.close')}>
                    <CloseIcon />
                  </IconButton>
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>

        <Heading as="p" size="md" color="brand.fg" truncate>
          {t('app.name')}
        </Heading>
        <Box flex="1" />
        <Text textStyle="sm" hideBelow="sm" truncate maxW="40" data-testid="shell-username">
          {user.username}
        </Text>
        <LanguageSwitch />
        <Button variant="ghost" size="sm" onClick={onLogout} aria-label={t('app.logout')} px={{ base: 2, md: 3 }}>
          <LogoutIcon />
          <Box as="span" hideBelow="md">
            {t('app.logout')}
          </Box>
        </Button>
      </Flex>

      <Flex flex="1" minH="0">
        {/* the menu stays in place while a long page scrolls */}
        <Box as="aside" hideBelow="md" w="64" flexShrink="0" borderEndWidth="1px" overflowY="auto" position="sticky" top="14" alignSelf="flex-start" h="calc(100dvh - var(--chakra-sizes-14))">
          <AppMenu items={menu} currentPath={currentPath} onNavigate={onNavigate} />
        </Box>
        <Box as="main" flex="1" minW="0" p={{ base: 3, md: 6 }}>
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
