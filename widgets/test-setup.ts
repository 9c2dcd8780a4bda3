/**
 * Set-up of the 'ui' vitest project: Spanish texts, the Storybook preview (so composed stories get the
 * UiProvider), the browser APIs jsdom lacks, and a clean slate after each test.
 */
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { mutate } from 'swr';
import { setProjectAnnotations } from '@storybook/react-vite';
import preview from '../.storybook/preview';
import i18next, { initI18n } from '../locales/i18n';
import { toaster } from './toaster';
import { mediaQueryStub } from './mediaQueryStub';

function polyfill() {
  const w = window as unknown as Record<string, unknown>;
  if (!window.matchMedia) {
    w.matchMedia = (query: string) => mediaQueryStub(query);
  }
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  if (!w.ResizeObserver) w.ResizeObserver = NoopObserver;
  if (!w.IntersectionObserver) w.IntersectionObserver = NoopObserver;
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.scrollTo ??= () => {};
}

polyfill();
// findBy / waitFor wait up to 3 s, not 1: a screen's first render loads its chunks while other suites share the 2
// cores (a full run timed out with a record page still loading)
configure({ asyncUtilTimeout: 3_000 });
await initI18n('es');
const annotations = setProjectAnnotations(preview);
beforeAll(annotations.beforeAll);

afterEach(async () => {
  cleanup();
  toaster.remove();
  localStorage.clear();
  // the default read cache (components rendered without the app's provider): a table keeps its rows there
  await mutate(() => true, undefined, { revalidate: false });
  if (i18next.language !== 'es') await i18next.changeLanguage('es');
});
