/** A screen's data that could not be read: the server's message and a way to try again, never an empty screen. */
import { Alert, Button } from 'antd';
import { messageOf } from '../../app/providers/http.js';
import { useT } from '../../app/providers/translate.js';

export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT();
  return (
    <Alert
      type="error"
      showIcon
      message={messageOf(error)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('buttons.refresh')}
        </Button>
      }
      style={{ marginBottom: 8 }}
      data-testid="load-failure"
    />
  );
}
