/** A trip's driver, or 「ドライバー未定」 in grey while the planner has not chosen one (a draft trunk trip). */
import { Typography } from 'antd';
import { useT } from '../../app/providers/translate.js';

export function DriverName({ name }: { name: string | null | undefined }) {
  const { t } = useT();
  if (name) return <>{name}</>;
  return (
    <Typography.Text type="secondary" data-testid="no-driver">
      {t('tripScreens.noDriver')}
    </Typography.Text>
  );
}
