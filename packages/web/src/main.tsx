import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { settleStartupLocale } from './app/i18n/firstVisit';
import { applyLocale } from './app/i18n/locales';
import './app/theme/global.css';

// The language is known synchronously (the user's choice in localStorage, else the browser's
// languages); its texts load before the first paint, so the first screen never shows keys.
function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

applyLocale(settleStartupLocale()).then(render, (err: unknown) => {
  console.error('language files failed to load', err);
  render();
});
