import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LOGO_TOGGLE_MS } from '../config.js';
import { useT } from '../providers/translate.js';

/** The truck drives back and forth: the animation state flips every 4500 ms. */
export function Logo() {
  const { t } = useT();
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    const timer = window.setInterval(() => setMoved((value) => !value), LOGO_TOGGLE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Link to="/" className="app-logo" data-testid="logo" data-moved={moved} aria-label={t('app.name')}>
      <svg className="app-logo__truck" viewBox="0 0 64 40" width="52" height="34" aria-hidden="true">
        <rect x="2" y="6" width="36" height="22" rx="3" fill="currentColor" />
        <path d="M40 12h12l9 9v7H40z" fill="currentColor" opacity="0.8" />
        <circle cx="14" cy="32" r="5" fill="#fff" stroke="currentColor" strokeWidth="3" />
        <circle cx="50" cy="32" r="5" fill="#fff" stroke="currentColor" strokeWidth="3" />
      </svg>
      <span className="app-logo__text">{t('app.name')}</span>
    </Link>
  );
}
