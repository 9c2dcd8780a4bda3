/**
 * A record's attachments beside its form (issue 11): listed, downloaded, added and removed as the activity's
 * attach mode allows (mandatory / optional: add and remove; view only: list and download; not allowed: nothing
 * to add), audio notes where the activity allows audio. Limits are checked before sending (engine/records/files)
 * and by the server; both say why in the user's language.
 */
import { useCallback, useEffect, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import { fileProblem } from '../../engine/records/files';
import { Attachments, type AttachmentRow } from '../../widgets/Attachments';
import { AudioRecorder } from '../../widgets/AudioRecorder';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';
import { LoadFailed } from '../../widgets/LoadFailed';
import { showSuccess } from '../../widgets/toaster';
import { reportFailure } from '../app/feedback';
import { attachmentCalls } from './calls';
import type { ActivityFlags } from './place';

/** What the panel says under the files in each attach mode of an activity (execution.attachments.*). */
const MODE_NOTES: Partial<Record<string, string>> = { solo_ver: 'viewOnly', no_permitido: 'notAllowed', obligatorio: 'mandatory' };

/** `closed`: the record is closed or cancelled and the user may not change it: its files can only be seen. */
export function AttachmentsPanel({ recordId, activity, closed = false }: { recordId: number | null; activity: ActivityFlags; closed?: boolean }) {
  const { t, i18n } = useTranslation();
  const mode = activity.adjuntos ?? 'opcional';
  const attachable = !closed && (mode === 'obligatorio' || mode === 'opcional');
  const [items, setItems] = useState<AttachmentRow[] | null>(recordId === null ? [] : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<AttachmentRow | null>(null);

  // the files could not be read: said, with a retry, never "no attachments" (users would attach them again)
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const reload = useCallback(async () => {
    if (recordId === null) return;
    try {
      setItems(await attachmentCalls.list(recordId));
      setFailed(null);
    } catch (error) {
      setFailed({ error });
    }
  }, [recordId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const errorText = (code: string | undefined, message: string) => (code && i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : message || t('widgets.toast.unknownError'));

  const send = async (file: File, audio = false) => {
    if (recordId === null) return;
    const problem = fileProblem(file.name, file.size);
    if (problem) return setError(t(`errors.${problem}`));
    setError(undefined);
    setBusy(true);
    try {
      await attachmentCalls.upload(recordId, file, audio);
      showSuccess(t('execution.attachments.added', { name: file.name }));
      await reload();
    } catch (e) {
      if (e instanceof ApiError) setError(errorText(e.code, e.message));
    } finally {
      setBusy(false);
    }
  };

  const download = async (row: AttachmentRow) => {
    try {
      const { blob, name } = await attachmentCalls.download(row.id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name || row.nombre;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      // the app's client said why
    }
  };

  const remove = async (row: AttachmentRow) => {
    try {
      await attachmentCalls.remove(row.id);
      showSuccess(t('execution.attachments.removed', { name: row.nombre }));
      await reload();
    } catch (e) {
      if (e instanceof ApiError) reportFailure(e);
    } finally {
      setRemoving(null);
    }
  };

  const noteKey = recordId === null ? 'saveFirst' : closed ? 'closed' : MODE_NOTES[mode];
  const note = noteKey ? t(`execution.attachments.${noteKey}`) : undefined;

  return (
    <>
      <Attachments
        items={items}
        busy={busy}
        canAttach={attachable && recordId !== null}
        canRemove={attachable}
        note={note}
        error={error}
        failed={failed && <LoadFailed error={failed.error} onRetry={() => void reload()} />}
        onPick={(f) => void send(f)}
        onDownload={(r) => void download(r)}
        loadAudio={async (r) => (await attachmentCalls.download(r.id)).blob}
        onRemove={setRemoving}
        recorder={activity.audio ? <AudioRecorder disabled={busy} onRecorded={(f) => void send(f, true)} /> : undefined}
      />
      {removing && (
        <Modal
          open
          onClose={() => setRemoving(null)}
          title={t('execution.attachments.removeTitle')}
          footer={
            <DialogButtons
              secondary={{ label: t('execution.attachments.keep'), onClick: () => setRemoving(null) }}
              primary={{ label: t('widgets.attachments.remove'), onClick: () => void remove(removing), danger: true }}
            />
          }
        >
          <Text>{t('execution.attachments.removeText', { name: removing.nombre })}</Text>
        </Modal>
      )}
    </>
  );
}
