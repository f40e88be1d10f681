import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { type BaseKey, useCan, useNavigation } from '@refinedev/core';
import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { useT } from '../../app/providers/translate.js';

/** Where a row's detail or edit button leads, and whether the caller may follow it. */
export interface RowLink {
  kind: 'show' | 'edit';
  allowed: boolean;
  to: (id: BaseKey) => string;
}

/**
 * A list's detail and edit links, decided once for the whole list: whether the caller may follow them
 * (the access control, asked as Refine's ShowButton and EditButton ask it) and each record's address.
 * Those buttons asked the router, the resources and the access control again in every row, a large
 * part of a 50-row list's rendering (docs/performance.md).
 */
export function useRowLinks(resource: string): { show: RowLink; edit: RowLink } {
  const { showUrl, editUrl } = useNavigation();
  const { data: show } = useCan({ resource, action: 'show' });
  const { data: edit } = useCan({ resource, action: 'edit' });
  return {
    show: { kind: 'show', allowed: Boolean(show?.can), to: (id) => showUrl(resource, id) },
    edit: { kind: 'edit', allowed: Boolean(edit?.can), to: (id) => editUrl(resource, id) },
  };
}

/**
 * A row's small icon button to a record's detail or edit page, disabled when the caller may not open
 * it; with `onClick`, the record opens in place (a modal form) instead.
 */
export function RowLinkButton({ link, id, onClick }: { link: RowLink; id: BaseKey; onClick?: () => void }) {
  const { t } = useT();
  const label = link.kind === 'show' ? t('buttons.show') : t('buttons.edit');
  const button = (
    <Button
      size="small"
      icon={link.kind === 'show' ? <EyeOutlined /> : <EditOutlined />}
      title={label}
      aria-label={label}
      disabled={!link.allowed}
      onClick={onClick}
      data-testid={`row-${link.kind}`}
    />
  );
  return onClick || !link.allowed ? button : <Link to={link.to(id)}>{button}</Link>;
}
