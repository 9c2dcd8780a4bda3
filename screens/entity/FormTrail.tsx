/**
 * The breadcrumb of a record's form (issue 19): menu group › list › the record's name (or "New record"). The
 * link to the list opens it with the search, filters and sort it had when the record was opened from it.
 */
import { useTranslation } from 'react-i18next';
import { formTrail } from '../../engine/breadcrumb';
import type { ListView } from '../../engine/list/recordSteps';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { Trail } from '../../widgets/Trail';
import { routeTree } from '../routes';
import { useRecordName } from './recordName';

export interface FormTrailProps {
  entity: ResolvedEntity;
  /** The record, once loaded; null while loading. */
  data: Record<string, unknown> | null;
  id: string | number | null;
  /** The page the form was opened from, when not its list. */
  returnTo?: string | null;
  view?: ListView;
}

export function FormTrail({ entity, data, id, returnTo, view }: FormTrailProps) {
  const { t } = useTranslation();
  const named = useRecordName(entity, data);
  const before = formTrail(routeTree, entity.routeForm, returnTo).map((s) => ({
    label: t(s.titleKey),
    to: s.path,
    state: view && s.path === entity.routeForm ? { listView: view } : undefined,
  }));
  const name = id === null ? t('entity.newRecord') : named === null ? '…' : named || `#${id}`;
  return <Trail steps={[...before, { label: name }]} />;
}
