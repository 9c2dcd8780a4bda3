/** /backOffice itself: the back-office areas this user may open. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading, Stack } from '@chakra-ui/react';
import { buildMenu } from '../../engine/routeTree';
import { routeTree } from '../routes';
import { useSession } from '../app/useSession';
import { LinkCards } from './LinkCards';

export default function BackOfficeScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const items = useMemo(() => {
    const back = buildMenu(routeTree, user?.roles ?? []).find((m) => m.path.startsWith('/backOffice'));
    return back?.children ?? (back ? [back] : []);
  }, [user]);
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">{t('routes.backOffice')}</Heading>
      <LinkCards items={items} />
    </Stack>
  );
}
