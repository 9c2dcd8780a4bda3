/** The list of any entity: its DataTable, opening the form route for add, edit and show (spec §2). */
import { useNavigate } from 'react-router-dom';
import type { ScreenProps } from '../registry';
import { entityOf } from '../metadata';
import { EntityTablePage, type Row } from './EntityTablePage';

export default function EntityListScreen({ route }: ScreenProps) {
  const navigate = useNavigate();
  const entity = entityOf(route?.entity);
  const form = entity.routeForm;
  const key = (row: Row) => encodeURIComponent(String(row[entity.rowKey]));
  return (
    <EntityTablePage
      route={route}
      entity={entity}
      onAdd={form ? () => navigate(`${form}/create`) : undefined}
      onEdit={form ? (row) => navigate(`${form}/${key(row)}`) : undefined}
      onShow={form ? (row) => navigate(`${form}/${key(row)}/show`) : undefined}
    />
  );
}
