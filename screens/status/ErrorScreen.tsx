/** Unknown paths, role failures and screens that failed to load (spec §2, §6). */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MessagePage } from '../../widgets/MessagePage';

export default function ErrorScreen({ forbidden = false, failed = false }: { forbidden?: boolean; failed?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = failed ? 'failed' : forbidden ? 'forbidden' : 'notFound';
  return (
    <MessagePage
      title={t(`status.${kind}.title`)}
      text={t(`status.${kind}.text`)}
      // a screen's code that failed to load (a new version was installed, the connection dropped) comes with a
      // reload of the page; going to the dashboard would keep the old version's addresses
      actionLabel={t(failed ? 'status.reload' : 'status.home')}
      onAction={failed ? () => window.location.reload() : () => navigate('/workspacedashboard')}
    />
  );
}
