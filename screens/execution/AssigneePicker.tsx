/**
 * Who holds a record next (spec §9): the users who may work in an activity (`registro/responsables`), for save
 * mode "a chosen one" (the record form) and for a move into an activity that pre-assigns (the move dialog).
 * An empty choice leaves the record free.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@chakra-ui/react';
import { FormField } from '../../widgets/FormField';
import { recordCalls } from './calls';

export interface AssigneePickerProps {
  actividad: number;
  value: number | null;
  onChange: (id: number | null) => void;
  label: string;
  helperText?: string;
}

export function AssigneePicker({ actividad, value, onChange, label, helperText }: AssigneePickerProps) {
  const { t } = useTranslation();
  const [users, setUsers] = useState<{ id: number; username: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    recordCalls.responsibles(actividad).then(
      (u) => live && setUsers(u),
      () => live && setUsers([]),
    );
    return () => {
      live = false;
    };
  }, [actividad]);
  return (
    <FormField label={label} helperText={helperText}>
      <NativeSelect.Root size="sm" disabled={users === null}>
        <NativeSelect.Field value={value === null ? '' : String(value)} onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}>
          <option value="">{t('execution.assign.nobody')}</option>
          {(users ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
