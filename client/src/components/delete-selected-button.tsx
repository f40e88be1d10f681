import { DeleteOutlined } from '@ant-design/icons';
import { useCan, useDeleteMany, type BaseKey } from '@refinedev/core';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Deletes the selected rows in one call (all or nothing), after a confirmation. */
export function DeleteSelectedButton({
  resource,
  ids,
  onDeleted,
}: {
  resource: string;
  ids: BaseKey[];
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data: access } = useCan({ resource, action: 'delete' });
  const { mutate: deleteMany, isLoading } = useDeleteMany();
  if (!access?.can) return null;

  const confirm = () =>
    modal.confirm({
      title: t('buttons.confirm'),
      content: t('messages.confirmDelete', { count: ids.length }),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      onOk: () =>
        new Promise<void>((resolve) =>
          deleteMany({ resource, ids }, { onSuccess: onDeleted, onSettled: () => resolve() }),
        ),
    });

  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      disabled={ids.length === 0}
      loading={isLoading}
      onClick={confirm}
      data-testid="delete-selected"
    >
      {t('buttons.deleteSelected')}
    </Button>
  );
}
