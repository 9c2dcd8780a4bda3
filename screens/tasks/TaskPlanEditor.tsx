/**
 * The estimated dates and hours of one task, edited in the task area. Fields the task's state locks (the task
 * state machine's tags, machines/taskState.ts) are read-only with the reason; the server checks the same locks.
 * A day typed that is none (31/02/2026, 12/0) stays in its field and says so, and the plan is not saved until it is
 * corrected or cleared: it used to be saved without that day.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { locksOf } from '../../machines/taskState';
import { FormField } from '../../widgets/FormField';
import { DayInput } from '../../widgets/DayInput';
import { LOCK_REASON } from './lockedUi';
import { showSuccess } from '../../widgets/toaster';
import { taskCalls, type Dates, type MyTask } from './taskCalls';
import { ApiError } from '../../engine/api/client';
import { isWrongDay } from '../../engine/dates';
import type { FieldError } from '../../engine/errors';
import { fieldMessage } from '../../widgets/SchemaForm/fieldMessage';
import { useFocusFirstError } from '../../widgets/SchemaForm/useFocusFirstError';
import { fieldLabelKey } from '../../engine/metadata/resolve';

export function TaskPlanEditor({ task, onDone, onCancel }: { task: MyTask; onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const locks = new Map<string, string>(locksOf(task.estado).map((l) => [l.field, LOCK_REASON[l.tag]]));
  const [start, setStart] = useState(task.fecha_inicio_estimada ?? '');
  const [end, setEnd] = useState(task.fecha_fin_estimada ?? '');
  const [hours, setHours] = useState(task.horas_asignadas === null ? '' : String(task.horas_asignadas));
  const [saving, setSaving] = useState(false);
  // the refusals of the last save, by field ("El fin no puede ser anterior al inicio" under the end)
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const labelOf = (name: string) => t(fieldLabelKey('tarea', name));
  const errorOf = (name: string) => fieldMessage(errors.filter((e) => e.field === name), labelOf(name), t, (k) => i18n.exists(k)) ?? undefined;
  const group = useFocusFirstError<HTMLDivElement>();
  const refuse = (found: FieldError[]) => {
    setErrors(found);
    group.focus();
  };
  // a changed day loses its last message; one typed wrong is named once left, as in a form
  const dayChange = (name: string, set: (day: string) => void) => (value: string, wrong: boolean) => {
    set(value);
    setErrors((old) => [...old.filter((e) => e.field !== name), ...(wrong ? [{ field: name, code: 'date' }] : [])]);
  };

  const save = async () => {
    setErrors([]);
    const wrong = ([['fecha_inicio_estimada', start], ['fecha_fin_estimada', end]] as const).filter(([, v]) => isWrongDay(v));
    if (wrong.length) return refuse(wrong.map(([field]) => ({ field, code: 'date' })));
    // an end before the start is refused here as the server would, without a call
    if (start && end && end < start) return refuse([{ field: 'fecha_fin_estimada', code: 'TAREA_FIN_ANTES_INICIO' }]);
    const changes: Dates = {};
    if (start !== (task.fecha_inicio_estimada ?? '')) changes.fecha_inicio_estimada = start || null;
    if (end !== (task.fecha_fin_estimada ?? '')) changes.fecha_fin_estimada = end || null;
    if (hours !== (task.horas_asignadas === null ? '' : String(task.horas_asignadas))) changes.horas_asignadas = hours === '' ? null : Number(hours);
    if (!Object.keys(changes).length) return onCancel();
    setSaving(true);
    try {
      await taskCalls.reschedule(task.id, changes, task.version);
      showSuccess(t('tasks.actions.saved'));
      onDone();
    } catch (e) {
      // the toast said what happened; the fields say where
      if (e instanceof ApiError) setErrors(e.fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: string, input: ReactNode) => (
    <FormField label={labelOf(name)} readOnly={locks.has(name)} helperText={locks.has(name) ? t(locks.get(name)!) : undefined} error={errorOf(name)}>
      {input}
    </FormField>
  );
  return (
    <Stack ref={group.ref} gap="3" borderTopWidth="1px" pt="3" role="group" aria-label={t('tasks.actions.editOf', { title: task.titulo })}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {field('fecha_inicio_estimada', <DayInput value={start} readOnly={locks.has('fecha_inicio_estimada')} onChange={dayChange('fecha_inicio_estimada', setStart)} />)}
        {field('fecha_fin_estimada', <DayInput value={end} readOnly={locks.has('fecha_fin_estimada')} onChange={dayChange('fecha_fin_estimada', setEnd)} />)}
        {field(
          'horas_asignadas',
          <Input type="number" min={0} step="0.5" inputMode="decimal" value={hours} readOnly={locks.has('horas_asignadas')} onChange={(e) => setHours(e.target.value)} />,
        )}
      </SimpleGrid>
      <HStack gap="2">
        <Button size="sm" colorPalette="brand" onClick={save} loading={saving}>
          {t('tasks.actions.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('tasks.actions.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
