/** The app menu as a vertical nav: links for pages, collapsible sections for groups (items from engine `buildMenu`). */
import { useEffect, useState, type MouseEvent } from 'react';
import { Box, Collapsible, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../engine/routeTree';
import { ChevronDownIcon } from './icons';
import { isCurrent, menuHref } from './menuHref';

export interface AppMenuProps {
  items: readonly MenuItem[];
  /** The path of the page shown now; its entry gets aria-current="page". */
  currentPath: string;
  /** Called with the entry's path (optional parameters stripped) on a plain click. */
  onNavigate: (path: string) => void;
}

interface ListProps extends AppMenuProps {
  depth: number;
}

const containsCurrent = (item: MenuItem, currentPath: string): boolean =>
  isCurrent(menuHref(item.path), currentPath) || (item.children ?? []).some((c) => containsCurrent(c, currentPath));

function MenuLink({ item, currentPath, onNavigate }: { item: MenuItem } & Omit<AppMenuProps, 'items'>) {
  const { t } = useTranslation();
  const href = menuHref(item.path);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser open new tabs/windows on modified clicks.
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onNavigate(href);
  };
  return (
    <Link
      href={`#${href}`}
      onClick={onClick}
      aria-current={isCurrent(href, currentPath) ? 'page' : undefined}
      display="block"
      width="full"
      px="3"
      py="2"
      borderRadius="l2"
      color="fg"
      textDecoration="none"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
    >
      {t(item.titleKey)}
    </Link>
  );
}

function MenuGroup({ item, depth, ...rest }: { item: MenuItem } & Omit<ListProps, 'items'>) {
  const { t } = useTranslation();
  // the group of the page shown is open, also after navigating into it; the user may close it again
  const holdsCurrent = containsCurrent(item, rest.currentPath);
  const [open, setOpen] = useState(holdsCurrent);
  useEffect(() => {
    if (holdsCurrent) setOpen(true);
  }, [holdsCurrent, rest.currentPath]);
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Collapsible.Trigger
        display="flex"
        width="full"
        alignItems="center"
        justifyContent="space-between"
        px="3"
        py="2"
        borderRadius="l2"
        fontWeight="semibold"
        cursor="pointer"
        _hover={{ bg: 'bg.muted' }}
      >
        {t(item.titleKey)}
        <Collapsible.Indicator transition="transform 0.2s" _open={{ transform: 'rotate(180deg)' }}>
          <ChevronDownIcon />
        </Collapsible.Indicator>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <MenuList items={item.children ?? []} depth={depth + 1} {...rest} />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function MenuList({ items, depth, ...rest }: ListProps) {
  return (
    <Box as="ul" listStyleType="none" m="0" ps={depth > 0 ? '3' : '0'} display="flex" flexDirection="column" gap="1">
      {items.map((item) => (
        <li key={item.name}>
          {item.children?.length ? (
            <MenuGroup item={item} depth={depth} {...rest} />
          ) : (
            <MenuLink item={item} {...rest} />
          )}
        </li>
      ))}
    </Box>
  );
}

export function AppMenu(props: AppMenuProps) {
  const { t } = useTranslation();
  return (
    <Box as="nav" aria-label={t('app.menu')} p="2">
      <MenuList {...props} depth={0} />
    </Box>
  );
}
