/**
 * The list of any entity: its DataTable, opening the form route for add, edit and show (spec §2). A row opens
 * with where it sits in the list (search, filters, sort), so the form can step to the previous / next row and its
 * breadcrumb can open the list again as it was (`listView` in the navigation state).
 */
import { useLocation, useNavigate } from 'react-router-dom';
import type { ScreenProps } from '../registry';
import { entityOf } from '../metadata';
import { EntityTablePage, type Row } from './EntityTablePage';
import { listViewOf } from './formNavigation';

export default function EntityListScreen({ route }: ScreenProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const entity = entityOf(route?.entity);
  const form = entity.routeForm;
  const key = (row: Row) => encodeURIComponent(String(row[entity.rowKey]));
  return (
    <EntityTablePage
      route={route}
      entity={entity}
      initialView={listViewOf(location.state)}
      onAdd={form ? () => navigate(`${form}/create`) : undefined}
      onEdit={form ? (row, at) => navigate(`${form}/${key(row)}`, { state: { list: at } }) : undefined}
      onShow={form ? (row, at) => navigate(`${form}/${key(row)}/show`, { state: { list: at } }) : undefined}
    />
  );
}
