/**
 * An in-page player for a stored audio note. The file is behind the bearer token, so the caller loads it (the
 * typed client) and the player plays it from a blob URL, revoked when the player goes (the page's
 * Content-Security-Policy allows `media-src blob:` for this). Renders only.
 */
import { useEffect, useRef, useState } from 'react';

export interface AudioPlayerProps {
  /** The accessible name, already translated. */
  label: string;
  /** What is played (an attachment's id): loaded again only when it changes. */
  source: string | number;
  /** Loads the audio (with the caller's credentials). */
  load: () => Promise<Blob>;
}

export function AudioPlayer({ label, source, load }: AudioPlayerProps) {
  const [url, setUrl] = useState<string | undefined>();
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    let live = true;
    let made: string | undefined;
    loader
      .current()
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      // a failed load leaves the player empty; the download button still says why
      .catch(() => {});
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [source]);
  return <audio controls preload="metadata" aria-label={label} src={url} style={{ height: '2rem', maxWidth: '100%' }} />;
}
