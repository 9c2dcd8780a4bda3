/** A page with the route's title and the entity's DataTable; the caller decides what add / edit / show do. */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading, Stack } from '@chakra-ui/react';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { RouteNode } from '../../engine/routeTree';
import type { ListContext, ListView } from '../../engine/list/recordSteps';
import { DataTable } from '../../widgets/DataTable';
import { tableSource } from '../app/entityData';
import { useSession } from '../app/useSession';

export type Row = Record<string, unknown>;

interface EntityTablePageProps {
  route?: RouteNode;
  entity: ResolvedEntity;
  onAdd?: () => void;
  onEdit?: (row: Row, at: ListContext) => void;
  onShow?: (row: Row, at: ListContext) => void;
  initialView?: ListView;
  children?: ReactNode;
}

export function EntityTablePage({ route, entity, onAdd, onEdit, onShow, initialView, children }: EntityTablePageProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const source = useMemo(() => tableSource(entity), [entity]);
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
        onAdd={onAdd}
        onEdit={onEdit}
        onShow={onShow}
        initialView={initialView}
      />
      {children}
    </Stack>
  );
}
