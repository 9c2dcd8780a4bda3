/** A route whose screen a later release builds. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MessagePage } from '../../widgets/MessagePage';

export default function NotAvailableScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessagePage
      title={t('status.notAvailable.title')}
      text={t('status.notAvailable.text')}
      actionLabel={t('status.home')}
      onAction={() => navigate('/workspacedashboard')}
    />
  );
}
