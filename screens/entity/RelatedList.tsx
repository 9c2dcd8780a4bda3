/**
 * A list of another entity under a record's form (ColumnsManifest `related`), filtered by the record: e.g. an
 * article's stock movements. Read-only here: no add, edit or remove; search, filters, sort and columns work.
 */
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading, Stack } from '@chakra-ui/react';
import type { ListQuery } from '../../engine/list/query';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { DataTable } from '../../widgets/DataTable';
import { tableSource } from '../app/entityData';
import { useSession } from '../app/useSession';
import { entityOf } from '../metadata';

export function RelatedList({ spec, id }: { spec: ResolvedEntity['related'][number]; id: number | string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const headingId = useId();
  const entity = entityOf(spec.entity);
  const source = useMemo(() => {
    const { index, options, saveColumns } = tableSource(entity);
    return { index: (q: ListQuery) => index({ ...q, filters: { ...q.filters, [spec.field]: id } }), options, saveColumns };
  }, [entity, spec.field, id]);
  const title = t(spec.label);
  return (
    <Stack as="section" gap="2" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId}>
        {title}
      </Heading>
      <DataTable key={`${spec.entity}-${id}`} entity={entity} source={source} userRoles={user?.roles ?? []} label={title} />
    </Stack>
  );
}
