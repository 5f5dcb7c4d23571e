// Renderer entry: error listeners first, then i18n, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers } from './errors/report';
import { initI18n } from './i18n';
import { storedLanguage } from './stores/ui';
import { App } from './App';
import './styles.css';

performance.mark('entry');
installGlobalErrorHandlers();
const language = storedLanguage() ?? 'zh';
initI18n(language);
document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
