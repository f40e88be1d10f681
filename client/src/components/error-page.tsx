import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { useT } from '../providers/translate.js';

type ResultStatus = '403' | '404' | '500' | 'error';

function resultStatus(status: number): ResultStatus {
  return status === 403 || status === 404 || status === 500 ? (String(status) as ResultStatus) : 'error';
}

/** The specification's error page: a status (500 unless told) and a message (`Error` unless told). */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
  const { t } = useT();
  return (
    <div className="error-page" data-testid="error-page">
      <Result
        status={resultStatus(status)}
        title={<span data-testid="error-status">{status}</span>}
        subTitle={<span data-testid="error-message">{message || t('errors.defaultMessage')}</span>}
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
  return <ErrorPage status={404} message={t('errors.pageNotFound')} />;
}

export function ForbiddenPage() {
  const { t } = useT();
  return <ErrorPage status={403} message={t('buttons.notAccessTitle')} />;
}
