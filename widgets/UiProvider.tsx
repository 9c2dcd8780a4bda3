/** Chakra with the app's system, plus the toaster. Light mode only for now. */
import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from './system';
import { toaster } from './toaster';

/**
 * The toaster's machinery (zag's toast group and dismissable layers, ~12 kB gzip) is a chunk of its own. The
 * login screen shows no toast unless something fails, so the chunk is fetched when a screen asks for it
 * (`useToaster`: the logged-in frame does), at the first key or pointer press, or with the first toast. Its
 * live region mounts empty and then takes the waiting toasts from the store, as when mounted up front.
 */
const NoToaster: ComponentType = () => null;
const AppToaster = lazy(() =>
  import('./AppToaster').then(
    (m): { default: ComponentType } => ({ default: m.AppToaster }),
    // without its chunk (offline, or a newer build replaced it) toasts cannot show; the screens still work
    () => ({ default: NoToaster }),
  ),
);

let wanted = false;
const listeners = new Set<() => void>();

function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const notify of listeners) notify();
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  // the store tells its subscribers of a new toast before it counts it
  const unsubscribe = toaster.subscribe(wantToaster);
  return () => {
    listeners.delete(notify);
    unsubscribe();
  };
}

const isWanted = () => wanted || toaster.getCount() > 0;

/** Mounts the toaster now (its chunk loads with the screen) rather than on first use. */
export function useToaster() {
  useEffect(wantToaster, []);
}

export function UiProvider({ children }: { children: ReactNode }) {
  const showToaster = useSyncExternalStore(subscribe, isWanted, () => false);
  useEffect(() => {
    if (showToaster) return;
    const events = ['keydown', 'pointerdown'] as const;
    for (const e of events) window.addEventListener(e, wantToaster, { capture: true, once: true });
    return () => events.forEach((e) => window.removeEventListener(e, wantToaster, { capture: true }));
  }, [showToaster]);
  return (
    <ChakraProvider value={system}>
      {children}
      {showToaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </ChakraProvider>
  );
}
