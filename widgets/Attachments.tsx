/**
 * A record's attachments (issue 11): the list with download and remove, a file picker and, where allowed, an
 * audio note. What may be done comes from the caller (the activity's attach mode); limits are checked by the
 * caller too, which reports their errors. Renders only.
 */
import { useRef, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { momentText } from '../engine/dates';
import { useTranslation } from 'react-i18next';
import { AudioPlayer } from './AudioPlayer';
import { formatNumber } from './money';

export interface AttachmentRow {
  id: number;
  nombre: string;
  tamano?: number;
  audio?: boolean;
  creado_por_nombre?: string;
  creado_en?: string;
}

export interface AttachmentsProps {
  items: AttachmentRow[] | null;
  /** A file is being sent. */
  busy?: boolean;
  canAttach: boolean;
  canRemove: boolean;
  /** Why nothing can be attached (a new record, an activity that does not allow it). */
  note?: string;
  onPick: (file: File) => void;
  onDownload: (row: AttachmentRow) => void;
  /** Loads an audio note to play it in the page; without it audio notes are only downloaded. */
  loadAudio?: (row: AttachmentRow) => Promise<Blob>;
  onRemove: (row: AttachmentRow) => void;
  /** The audio recorder, where the activity allows audio notes. */
  recorder?: ReactNode;
  /** The last problem, already translated. */
  error?: string;
  /** Shown instead of the files when they could not be read (a LoadFailed), never "no attachments". */
  failed?: ReactNode;
}

const sizeText = (bytes: number | undefined, lang: string) =>
  bytes === undefined ? '' : bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${formatNumber(Math.round(bytes / 102.4) / 10, lang)} kB` : `${formatNumber(Math.round(bytes / 104857.6) / 10, lang)} MB`;

export function Attachments({ items, busy, canAttach, canRemove, note, onPick, onDownload, loadAudio, onRemove, recorder, error, failed }: AttachmentsProps) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack as="section" aria-labelledby="attachments-title" gap="3" borderWidth="1px" borderRadius="md" p="3">
      <Heading as="h2" size="sm" id="attachments-title">
        {t('widgets.attachments.title')}
      </Heading>
      {failed ? (
        failed
      ) : items === null ? (
        <Spinner size="sm" role="status" aria-label={t('app.loading')} />
      ) : items.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          {t('widgets.attachments.empty')}
        </Text>
      ) : (
        <Stack as="ul" gap="2" aria-label={t('widgets.attachments.title')}>
          {items.map((a) => (
            <Flex as="li" key={a.id} listStyleType="none" gap="2" align="center" wrap="wrap" borderBottomWidth="1px" pb="2">
              <Box flex="1" minW="10rem">
                <Text textStyle="sm" fontWeight="medium" wordBreak="break-all">
                  {a.nombre} {a.audio && <Badge size="sm">{t('widgets.attachments.audio')}</Badge>}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {[sizeText(a.tamano, i18n.language), a.creado_por_nombre, a.creado_en && momentText(a.creado_en, i18n.language)].filter(Boolean).join(' · ')}
                </Text>
                {a.audio && loadAudio && <AudioPlayer source={a.id} label={t('widgets.attachments.play', { name: a.nombre })} listen={t('widgets.attachments.listen')} failed={t('widgets.attachments.playFailed')} load={() => loadAudio(a)} />}
              </Box>
              <HStack gap="1">
                <Button size="xs" variant="outline" onClick={() => onDownload(a)} aria-label={t('widgets.attachments.downloadOne', { name: a.nombre })}>
                  {t('widgets.attachments.download')}
                </Button>
                {canRemove && (
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onRemove(a)} aria-label={t('widgets.attachments.removeOne', { name: a.nombre })}>
                    {t('widgets.attachments.remove')}
                  </Button>
                )}
              </HStack>
            </Flex>
          ))}
        </Stack>
      )}
      {canAttach && (
        <HStack gap="3" wrap="wrap">
          <input
            ref={input}
            type="file"
            hidden
            aria-hidden="true"
            tabIndex={-1}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onPick(file);
            }}
          />
          <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()}>
            {t('widgets.attachments.add')}
          </Button>
          {recorder}
        </HStack>
      )}
      {note && (
        <Text textStyle="sm" color="fg.muted">
          {note}
        </Text>
      )}
      {error && (
        <Text textStyle="sm" color="fg.error" role="alert">
          {error}
        </Text>
      )}
      {canAttach && (
        <Text textStyle="xs" color="fg.muted">
          {t('widgets.attachments.limits')}
        </Text>
      )}
    </Stack>
  );
}
