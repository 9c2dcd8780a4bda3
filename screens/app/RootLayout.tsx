/** Around every route: the navigation indicator, the page title, scroll to top, the new-version notice. */
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NavigationProgress } from '../../widgets/NavigationProgress';
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
  }, [location.pathname]);

  return (
    <>
      <NavigationProgress active={checking || navigation.state !== 'idle'} />
      <Outlet />
    </>
  );
}
