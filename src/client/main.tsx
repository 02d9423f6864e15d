import './lib/zod-jitless';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import { App } from './app/app';
import { forceLightTheme } from './app/theme';
import './styles.css';

forceLightTheme();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Catalogs of a language other than English load on demand: wait for them at the top. */}
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
