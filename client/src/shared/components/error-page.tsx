import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { useT } from '../../app/providers/translate.js';

type ResultStatus = '403' | '404' | '500' | 'error';

function resultStatus(status: number): ResultStatus {
  return status === 403 || status === 404 || status === 500 ? (String(status) as ResultStatus) : 'error';
}

/**
 * The specification's error page: a status (500 unless told) and a message (`Error` unless told),
 * with a line in the user's language under it where the specification's message is English only.
 */
export function ErrorPage({ status = 500, message, hint }: { status?: number; message?: string; hint?: string }) {
  const { t } = useT();
  return (
    <div className="error-page" data-testid="error-page">
      <Result
        status={resultStatus(status)}
        title={<span data-testid="error-status">{status}</span>}
        subTitle={
          <>
            <span data-testid="error-message">{message || t('errors.defaultMessage')}</span>
            {hint ? (
              <span className="error-page__hint" data-testid="error-hint">
                {hint}
              </span>
            ) : null}
          </>
        }
        extra={
          <Link to="/" data-testid="error-home-link">
            {t('errors.backHome')}
          </Link>
        }
      />
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useT();
  return <ErrorPage status={404} message={t('errors.pageNotFound')} hint={t('errors.pageNotFoundHint')} />;
}

export function ForbiddenPage() {
  const { t } = useT();
  return <ErrorPage status={403} message={t('buttons.notAccessTitle')} />;
}
