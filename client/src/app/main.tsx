import 'antd/dist/reset.css';
import { createRoot } from 'react-dom/client';
import { APP_VERSION } from '../../../common/enums.js';
import { App } from './App.js';
import { reloadAfterChunkError } from './lazy-page.js';
import './providers/i18n.js';
import { LOGIN_PATH } from './providers/auth-provider.js';
import { clearExpiredSession } from './providers/session.js';
import './styles.css';

// The specification logs the deployed version.
console.info(APP_VERSION);

// A token whose exp has passed is forgotten with the user data before anything renders.
if (clearExpiredSession() && window.location.pathname !== LOGIN_PATH) {
  window.location.replace(LOGIN_PATH);
}

// Vite's own signal that a preloaded chunk of a new deploy is missing.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
