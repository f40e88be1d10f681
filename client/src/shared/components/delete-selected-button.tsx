import { DeleteOutlined } from '@ant-design/icons';
import { useCan, useDelete, useDeleteMany, type BaseKey, type HttpError, type OpenNotificationParams } from '@refinedev/core';
import { App, Button, Popconfirm } from 'antd';
import { findResource } from '../../app/resources.js';
import { useT } from '../../app/providers/translate.js';

/**
 * The toast of a refused deletion, naming the resource by its label (Refine would use its raw
 * identifier): "車種マスタを削除できませんでした" and the server's reason (no status code: it means
 * nothing to a planner).
 */
export function useDeleteErrorNotification(resource: string) {
  const { t } = useT();
  return (error?: unknown): OpenNotificationParams => {
    const failure = error as Partial<HttpError> | undefined;
    return {
      type: 'error',
      message: t('notifications.deleteError', { resource: findResource(resource) ? t(findResource(resource)!.label) : resource }),
      description: failure?.message,
    };
  };
}

/** How many names a confirmation lists before it says "…" (the count says the rest). */
const NAMES_SHOWN = 5;

function ConfirmContent({ count, names }: { count: number; names: string[] }) {
  const { t } = useT();
  const shown = names.slice(0, NAMES_SHOWN);
  return (
    <>
      <p>{t('messages.confirmDelete', { count })}</p>
      <ul data-testid="delete-selected-names">
        {shown.map((name) => (
          <li key={name}>{name}</li>
        ))}
        {names.length > shown.length ? <li>…</li> : null}
      </ul>
    </>
  );
}

/** Deletes the selected rows in one call (all or nothing), after a confirmation naming them. */
export function DeleteSelectedButton({
  resource,
  ids,
  names,
  onDeleted,
}: {
  resource: string;
  ids: BaseKey[];
  /** how the selected records read to a person, in the confirmation */
  names: string[];
  onDeleted: () => void;
}) {
  const { t } = useT();
  const { modal } = App.useApp();
  const { data: access } = useCan({ resource, action: 'delete' });
  const { mutate: deleteMany, isLoading } = useDeleteMany();
  const errorNotification = useDeleteErrorNotification(resource);
  if (!access?.can) return null;

  const confirm = () =>
    modal.confirm({
      title: t('buttons.confirm'),
      content: <ConfirmContent count={ids.length} names={names} />,
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      onOk: () =>
        new Promise<void>((resolve) =>
          deleteMany({ resource, ids, errorNotification }, { onSuccess: onDeleted, onSettled: () => resolve() }),
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

/**
 * A list's row deletion, decided once for the whole list: one mutation, its refused-deletion toast,
 * and what follows a deletion. Refine's DeleteButton asked for its own mutation, access control,
 * resource and translations in every row (docs/decisions/ui.md, "A list's keys and row buttons").
 */
export function useRowDelete(resource: string, onDeleted: () => void) {
  const { mutate, isLoading, variables } = useDelete();
  const errorNotification = useDeleteErrorNotification(resource);
  return {
    remove: (id: BaseKey) => mutate({ resource, id, errorNotification }, { onSuccess: onDeleted }),
    /** the row whose deletion is on its way */
    deleting: isLoading ? variables?.id : undefined,
  };
}

/** A row's small delete button, after a confirmation naming the record (「…」を削除しますか？). */
export function RowDeleteButton({ title, onConfirm, loading }: { title: string; onConfirm: () => void; loading: boolean }) {
  const { t } = useT();
  return (
    <Popconfirm
      title={title}
      okText={t('buttons.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('buttons.cancel')}
      onConfirm={onConfirm}
    >
      <Button danger size="small" icon={<DeleteOutlined />} title={t('buttons.delete')} aria-label={t('buttons.delete')} loading={loading} data-testid="row-delete" />
    </Popconfirm>
  );
}
