/**
 * Record execution (spec §2 `execution/:flowId/:activityId/:id?/:show?/…`): without an id, the record list of
 * that activity of that flow; with one, the record form (`create` for a new record, `/show` to view it). Only a
 * flow, activity or record that is not there says so; a read that failed otherwise says why, with a retry.
 */
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { Spinner } from '@chakra-ui/react';
import { LoadFailed } from '../../widgets/LoadFailed';
import { MessagePage } from '../../widgets/MessagePage';
import type { ScreenProps } from '../registry';
import { placeMissing, usePlace } from './place';
import { RecordList } from './RecordList';
import { RecordPage } from './RecordPage';

export default function ExecutionScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { flowId, activityId, id, show } = useParams();
  const location = useLocation();
  const place = usePlace(flowId, activityId);
  if (place.state === 'loading') return <Spinner role="status" aria-label={t('app.loading')} />;
  if (place.state === 'failed')
    return placeMissing(place.error) ? (
      <MessagePage title={t('execution.unavailable.title')} text={t('execution.unavailable.text')} />
    ) : (
      <LoadFailed title={t('widgets.loadFailed.title')} error={place.error} onRetry={place.retry} />
    );
  if (!id) return <RecordList place={place.data} />;
  // a form per visit (screens/entity/EntityFormScreen.tsx): a new record reached again never carries the last one's id
  return <RecordPage key={location.key} place={place.data} id={id === 'create' ? null : id} show={show === 'show'} />;
}
