/**
 * Records an audio note in the browser (MediaRecorder) and hands it over as a file. A browser without a
 * microphone or MediaRecorder gets the reason instead of the button's action. Recording stops itself at
 * `maxSeconds`, so a note stays under the upload limit.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface AudioRecorderProps {
  onRecorded: (file: File) => void;
  disabled?: boolean;
  /** Longest note, in seconds (default 300: about 2.5 MB of Opus). */
  maxSeconds?: number;
}

const supported = () => typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

function preferredType(): string | undefined {
  for (const t of ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'])
    if (window.MediaRecorder.isTypeSupported?.(t)) return t;
  return undefined;
}

export function AudioRecorder({ onRecorded, disabled, maxSeconds = 300 }: AudioRecorderProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'recording' | 'denied'>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stopTracks = () => recorder.current?.stream.getTracks().forEach((track) => track.stop());
  useEffect(
    () => () => {
      clearInterval(timer.current);
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stopTracks();
    },
    [],
  );

  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const type = preferredType();
      const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      rec.onstop = () => {
        clearInterval(timer.current);
        stopTracks();
        setState('idle');
        const mime = rec.mimeType || type || 'audio/webm';
        const ext = mime.includes('ogg') ? 'ogg' : mime.includes('mp4') ? 'm4a' : 'webm';
        const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
        // the file's name in the user's language: it is what the attachments list and a download show
        if (chunks.length) onRecorded(new File(chunks, `${t('widgets.audio.fileName')}-${stamp}.${ext}`, { type: mime.split(';')[0] }));
      };
      recorder.current = rec;
      rec.start();
      setSeconds(0);
      setState('recording');
      timer.current = setInterval(() => {
        setSeconds((s) => {
          if (s + 1 >= maxSeconds && rec.state === 'recording') rec.stop();
          return s + 1;
        });
      }, 1000);
    } catch {
      setState('denied');
    }
  };

  if (!supported())
    return (
      <Text textStyle="sm" color="fg.muted">
        {t('widgets.audio.unsupported')}
      </Text>
    );
  return (
    <HStack gap="3" wrap="wrap">
      {state === 'recording' ? (
        <Button size="sm" colorPalette="red" onClick={() => recorder.current?.stop()}>
          {t('widgets.audio.stop')}
        </Button>
      ) : (
        <Button size="sm" variant="outline" onClick={() => void start()} disabled={disabled}>
          {t('widgets.audio.record')}
        </Button>
      )}
      <Text textStyle="sm" color={state === 'denied' ? 'fg.error' : 'fg.muted'} aria-live="polite">
        {state === 'recording' ? t('widgets.audio.recording', { seconds }) : state === 'denied' ? t('widgets.audio.denied') : ''}
      </Text>
    </HStack>
  );
}
