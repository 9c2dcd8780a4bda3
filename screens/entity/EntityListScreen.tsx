/**
 * The list of any entity: its DataTable, opening the form route for add, edit and show (spec §2); adding is
 * offered to whoever holds the manifest's addRoles, as the server allows (a delivery log, a cheque: nobody). A row opens
 * with where it sits in the list (search, filters, sort), so the form can step to the previous / next row and its
 * breadcrumb can open the list again as it was (`listView` in the navigation state); Back comes to it as it was
 * too (listMemory).
 */
import { useNavigate } from 'react-router-dom';
import { isPermitted } from '../../engine/roles';
import type { ListContext } from '../../engine/list/recordSteps';
import type { ScreenProps } from '../registry';
import { entityOf } from '../metadata';
import { EntityTablePage, type Row } from './EntityTablePage';
import { useListMemory } from './listMemory';
import { useSession } from '../app/useSession';

export default function EntityListScreen({ route }: ScreenProps) {
  const navigate = useNavigate();
  const { user } = useSession();
  const entity = entityOf(route?.entity);
  const memory = useListMemory(entity.list);
  const form = entity.routeForm;
  const key = (row: Row) => encodeURIComponent(String(row[entity.rowKey]));
  const open = (path: string, at: ListContext) => {
    memory.remember(at.view);
    void navigate(path, { state: { list: at } });
  };
  return (
    <EntityTablePage
      route={route}
      entity={entity}
      initialView={memory.initialView}
      onAdd={form && isPermitted(user?.roles, entity.addRoles) ? () => navigate(`${form}/create`) : undefined}
      onEdit={form ? (row, at) => open(`${form}/${key(row)}`, at) : undefined}
      onShow={form ? (row, at) => open(`${form}/${key(row)}/show`, at) : undefined}
    />
  );
}
