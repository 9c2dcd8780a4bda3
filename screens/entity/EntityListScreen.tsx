/** The list of any entity: its DataTable, opening the form route for add, edit and show (spec §2). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Heading, Stack } from '@chakra-ui/react';
import { DataTable } from '../../widgets/DataTable/DataTable';
import type { ScreenProps } from '../registry';
import { entityOf } from '../metadata';
import { tableSource } from '../app/entityData';
import { useSession } from '../app/useSession';

type Row = Record<string, unknown>;

export default function EntityListScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const entity = entityOf(route?.entity);
  const source = useMemo(() => tableSource(entity), [entity]);
  const form = entity.routeForm;
  const key = (row: Row) => encodeURIComponent(String(row[entity.rowKey]));
  return (
    <Stack gap="3">
      <Heading as="h1" size="lg">
        {t(`routes.${route?.name}`)}
      </Heading>
      <DataTable
        key={entity.name}
        entity={entity}
        source={source}
        userRoles={user?.roles ?? []}
        onAdd={form ? () => navigate(`${form}/create`) : undefined}
        onEdit={form ? (row: Row) => navigate(`${form}/${key(row)}`) : undefined}
        onShow={form ? (row: Row) => navigate(`${form}/${key(row)}/show`) : undefined}
      />
    </Stack>
  );
}
