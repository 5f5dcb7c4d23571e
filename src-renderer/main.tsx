// Renderer entry: error listeners first, then i18n, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers, reportError } from './errors/report';
import { initI18n } from './i18n';
import { storedLanguage } from './stores/ui';
import { App } from './App';
import './styles.css';

performance.mark('entry');
installGlobalErrorHandlers();
// Vite's failed preload of a lazy chunk (JS or CSS): logged; the error boundary shows the reload prompt.
window.addEventListener('vite:preloadError', (event) => {
  const payload = (event as Event & { payload?: unknown }).payload;
  reportError(payload instanceof Error ? payload : new Error('CSS_CHUNK_LOAD_FAILED'), 'vite:preloadError');
});
const language = storedLanguage() ?? 'zh';
initI18n(language);
document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
