/**
 * An in-page player for a stored audio note. The file is behind the bearer token, so the caller loads it (the
 * typed client) and the player plays it from a blob URL, revoked when the player goes (the page's
 * Content-Security-Policy allows `media-src blob:` for this). Nothing is downloaded until the user asks to
 * listen: a list of many notes costs nothing to show. Renders only.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, HStack, Spinner, Text } from '@chakra-ui/react';

export interface AudioPlayerProps {
  /** The accessible name of the button and of the player, already translated ("Escuchar nota.webm"). */
  label: string;
  /** The button's visible text, already translated. */
  listen: string;
  /** Shown when the audio cannot be loaded, already translated. */
  failed: string;
  /** What is played (an attachment's id): a new source goes back to the button. */
  source: string | number;
  /** Loads the audio (with the caller's credentials). */
  load: () => Promise<Blob>;
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

export function AudioPlayer({ label, listen, failed, source, load }: AudioPlayerProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const made = useRef<string | undefined>(undefined);
  // bumped when the source changes or the player goes: a load started before is dropped
  const generation = useRef(0);
  useEffect(() => {
    setState({ kind: 'idle' });
    return () => {
      generation.current++;
      if (made.current) URL.revokeObjectURL(made.current);
      made.current = undefined;
    };
  }, [source]);
  const start = () => {
    const at = generation.current;
    setState({ kind: 'loading' });
    load().then(
      (blob) => {
        if (at !== generation.current) return;
        made.current = URL.createObjectURL(blob);
        setState({ kind: 'ready', url: made.current });
      },
      () => at === generation.current && setState({ kind: 'failed' }),
    );
  };
  if (state.kind === 'ready') return <audio controls autoPlay aria-label={label} src={state.url} style={{ height: '2rem', maxWidth: '100%' }} />;
  return (
    <HStack gap="2">
      <Button size="xs" variant="outline" aria-label={label} onClick={start} disabled={state.kind === 'loading'}>
        {state.kind === 'loading' ? <Spinner size="xs" /> : '▶'} {listen}
      </Button>
      {state.kind === 'failed' && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {failed}
        </Text>
      )}
    </HStack>
  );
}
