import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { buildMenu } from '../../engine/routeTree';
import { routeTree } from '../routes';
import { useSession } from '../app/useSession';
import { LinkCards } from './LinkCards';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DashboardTiles } from './DashboardTiles';
import { AccountEmailForm } from './AccountEmailForm';

export default function DashboardScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const items = useMemo(
    () => buildMenu(routeTree, user?.roles ?? []).filter((m) => m.name !== 'workspacedashboard'),
    [user],
  );
  return (
    <Stack gap="6">
      <div>
        <Heading as="h1" size="xl">
          {t('dashboard.welcome', { name: user?.username })}
        </Heading>
        <Text color="fg.muted">{t('dashboard.intro')}</Text>
      </div>
      <DashboardTiles />
      <LinkCards items={items} />
      <ChangePasswordForm />
      <AccountEmailForm />
    </Stack>
  );
}
