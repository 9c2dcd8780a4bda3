/** A page with the route's title and the entity's DataTable; the caller decides what add / edit / show do. */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // opened with the focus nowhere (back from a form, after its save, by address): on the heading, which a
    // screen reader reads out and from where Tab goes on into the list
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Stack gap="3">
      <Heading ref={heading} as="h1" size="lg" tabIndex={-1} outline="none">
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
