import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyLocale } from './app/i18n/locales';
import { appState } from './app/stores/appStore';
import './app/theme/global.css';

// The stored language is known synchronously (localStorage), so the first paint is already in it.
applyLocale(appState().locale);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
