// Renderer entry: error listeners first, then i18n, then the app once the boot
// calls (started while router/Boot was evaluated) have answered.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers, reportError } from './errors/report';
import { initI18n } from './i18n';
import { storedLanguage } from './stores/ui';
import { App } from './App';
import { bootstrap, settleStart } from './router/Boot';
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

// index.html shows a plain loading indicator until this first render
void bootstrap().then((state) => {
  settleStart(state);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
