import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './features/i18n/i18n';
import { App } from './app/app';
import { forceLightTheme } from './app/theme';
import './styles.css';

forceLightTheme();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
