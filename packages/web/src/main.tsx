import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyLocale } from './app/i18n/locales';
import { appState } from './app/stores/appStore';
import './app/theme/global.css';

// The stored language is known synchronously (localStorage); its texts load before the first
// paint, so the first screen is already in it and never shows keys.
function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

applyLocale(appState().locale).then(render, (err: unknown) => {
  console.error('language files failed to load', err);
  render();
});
