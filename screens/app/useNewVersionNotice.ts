/** Polls the server's build id; when a newer build is deployed, shows the 10 s notice with a refresh action (spec §1). */
import { useEffect } from 'react';
import { showNewVersion } from '../../widgets/toaster';

const POLL_MS = 60_000;

export function useNewVersionNotice(current: string = __BUILD_ID__) {
  useEffect(() => {
    let shown = false;
    const check = async () => {
      if (shown) return;
      try {
        const res = await fetch('/api/version', { cache: 'no-store' });
        if (!res.ok) return;
        const { version } = (await res.json()) as { version?: string };
        if (version && version !== current) {
          shown = true;
          showNewVersion({ onRefresh: () => location.reload() });
        }
      } catch {
        /* offline: try again later */
      }
    };
    const timer = setInterval(check, POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
    };
  }, [current]);
}
