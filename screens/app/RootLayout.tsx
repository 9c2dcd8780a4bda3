/**
 * Around every route: the navigation indicator (while a screen's code loads, then while its first reads are
 * answered: machines/navigationIndicator.ts), the page title, scroll to top, the new-version notice.
 */
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NavigationProgress } from '../../widgets/NavigationProgress';
import { useSelector } from '@xstate/react';
import { navigationIndicator } from './navigationIndicator';
import { useNewVersionNotice } from './useNewVersionNotice';
import { useSession } from './useSession';

export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const { checking } = useSession();
  useNewVersionNotice();

  const titleKey = [...matches]
    .reverse()
    .map((m) => (m.handle as { titleKey?: string } | undefined)?.titleKey)
    .find(Boolean);

  useEffect(() => {
    document.title = titleKey && i18n.exists(titleKey) ? `${t(titleKey)} · ${t('app.name')}` : t('app.name');
  }, [titleKey, t, i18n, i18n.language]);

  useEffect(() => {
    window.scrollTo(0, 0);
    navigationIndicator.send({ type: 'NAVIGATED' });
  }, [location.pathname]);
  const settling = useSelector(navigationIndicator, (s) => s.hasTag('shown'));

  return (
    <>
      <NavigationProgress active={checking || navigation.state !== 'idle' || settling} />
      <Outlet />
    </>
  );
}
