export { DataTable } from './DataTable';
export { emitUpdateList, onUpdateList, UPDATE_LIST_EVENT } from './updateList';
export type { ExportFormat, CellEdit, DataTableProps, MainFilter, Row, RowId, TableSource } from './types';
