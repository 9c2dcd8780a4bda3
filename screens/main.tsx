import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { initI18n } from '../locales/i18n';
import { UiProvider } from '../widgets/UiProvider';
import { bootFailure } from './app/boot';
import { createAppRouter } from './app/router';
import { browserStorage, dropStaleDrafts } from '../engine/formDrafts';

// The router starts loading the first screen while the texts of the language load; render when both can.
const texts = initI18n();
const router = createAppRouter();
// typing left for a week is not offered back
dropStaleDrafts(browserStorage(), Date.now());

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>
    </StrictMode>,
  );

void texts.then(render, (error: unknown) => {
  if (bootFailure(error, (url) => window.location.assign(url)) === 'logged') render();
});
