import { useTranslation } from 'react-i18next';
import { Card, LinkBox, LinkOverlay, SimpleGrid } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { MenuItem } from '../../engine/routeTree';
import { menuHref } from '../../widgets/menuHref';

/** Menu entries as cards; a group shows its children. */
export function LinkCards({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const flat = items.flatMap((i) => i.children ?? [i]);
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
      {flat.map((item) => (
        <LinkBox key={item.path} asChild>
          <Card.Root variant="outline" _hover={{ borderColor: 'brand.solid' }}>
            <Card.Body py="4">
              <LinkOverlay asChild fontWeight="semibold">
                <RouterLink to={menuHref(item.path)}>{t(item.titleKey)}</RouterLink>
              </LinkOverlay>
            </Card.Body>
          </Card.Root>
        </LinkBox>
      ))}
    </SimpleGrid>
  );
}
