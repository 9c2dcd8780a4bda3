/**
 * A list whose form opens in a dialog on the same page ("a single form": job positions, sequences,
 * communications). The table has no form route: it signals add / edit / show and this screen answers.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPermitted } from '../../engine/roles';
import { entityTitleKey } from '../../engine/metadata/resolve';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';
import type { ScreenProps } from '../registry';
import { entityOf } from '../metadata';
import { useSession } from '../app/useSession';
import { EntityForm } from './EntityForm';
import { useEntityRecord } from './useEntityRecord';
import { RecordHistory } from './RecordHistory';
import { EntityTablePage, type Row } from './EntityTablePage';
import { ConfirmDiscard } from './ConfirmDiscard';
import { RecordExtra } from './RecordExtra';
import { useSaveShortcut } from './useSaveShortcut';
import { LeaveDialog } from '../execution/LeaveDialog';
import { useLeaveGuard } from '../execution/useLeaveGuard';

type Open = { id: string | number | null; readOnly: boolean } | null;

export default function EntityDialogScreen({ route }: ScreenProps) {
  const { user } = useSession();
  const entity = entityOf(route?.entity);
  const [open, setOpen] = useState<Open>(null);
  const canAdd = isPermitted(user?.roles, entity.addRoles);
  const rowId = (row: Row) => row[entity.rowKey] as string | number;
  return (
    <EntityTablePage
      route={route}
      entity={entity}
      onAdd={canAdd ? () => setOpen({ id: null, readOnly: false }) : undefined}
      onEdit={(row) => setOpen({ id: rowId(row), readOnly: false })}
      onShow={(row) => setOpen({ id: rowId(row), readOnly: true })}
    >
      {open && <RecordDialog entityName={entity.name} open={open} onClose={() => setOpen(null)} />}
    </EntityTablePage>
  );
}

function RecordDialog({ entityName, open, onClose }: { entityName: string; open: NonNullable<Open>; onClose: () => void }) {
  const { t } = useTranslation();
  const entity = entityOf(entityName);
  const record = useEntityRecord(entity, open.id, onClose);
  const formId = `dialog-${entity.name}`;
  const title = t(entityTitleKey(entity.name), { defaultValue: t(`routes.${entity.name}`, { defaultValue: entity.name }) });
  // exit, the close button and Escape ask first when typed data would be lost; so do Back (a phone's back gesture),
  // the menu and an address typed, and the tab's reload or close warns
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const close = () => (dirty && !open.readOnly ? setAsking(true) : onClose());
  const guard = useLeaveGuard(dirty && !open.readOnly);
  useSaveShortcut(formId, !open.readOnly);
  return (
    <Modal
      open
      onClose={close}
      title={title}
      width={720}
      footer={
        <DialogButtons
          extra={
            record.recordId !== null ? (
              <>
                <RecordExtra entity={entity} record={record} />
                <RecordHistory entity={entity} id={record.recordId} />
              </>
            ) : undefined
          }
          secondary={{ label: t('subHeader.exit'), onClick: close }}
          primary={open.readOnly ? undefined : { label: t('subHeader.save'), form: formId, loading: record.saving }}
        />
      }
    >
      <EntityForm entity={entity} formId={formId} record={record} readOnly={open.readOnly} onSaved={() => onClose()} onDirtyChange={setDirty} />
      <ConfirmDiscard open={asking} onStay={() => setAsking(false)} onLeave={onClose} />
      <LeaveDialog blocker={guard.blocker} />
    </Modal>
  );
}
