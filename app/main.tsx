import { setupIonicReact } from '@ionic/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import './theme/app-theme.css';
import { App } from './app.tsx';
import { preloadSignedInArea } from './routes/signed-in-area.ts';
import { getStoredSession } from './session/session-store.ts';

setupIonicReact({ mode: 'md' });

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');
// As a transition the first render runs in slices that let the browser paint and answer between them, instead of
// one long task (total blocking time, tests/bench/inicio-lighthouse.bench.ts).
const render = () => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
// Signed in already (a reload, an offline start): the person's screens are loaded before the first render, so the
// home screen appears at once instead of after a spinner (tests/bench/offline-reload.bench.ts).
if (getStoredSession()) void preloadSignedInArea().then(render, render);
else render();
