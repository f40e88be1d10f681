/**
 * A master record, read-only: every field of its form, named as the form names it, references by
 * their display names. Serves the detail page and the detail modal of the modal-form masters.
 */
import type { BaseRecord } from '@refinedev/core';
import { Tag, type DescriptionsProps } from 'antd';
import { formatDateTime } from '../../../../../common/time.js';
import { useProfile } from '../../../app/providers/use-profile.js';
import type { Profile } from '../../../app/providers/profile.js';
import { fieldMode, fieldText } from '../../../shared/masters/rules.js';
import type { FieldSpec, MasterDeclaration } from '../../../shared/masters/types.js';
import { keyIn, type Translate, useT } from '../../../app/providers/translate.js';
import { Details } from '../../../shared/components/details.js';

type Items = NonNullable<DescriptionsProps['items']>;

const columnOf = (master: MasterDeclaration, field: FieldSpec) => master.columns.find((column) => column.name === field.name);

/** Long texts (備考, an address on its own row in the form) take the whole width. */
const wide = (field: FieldSpec) => field.kind === 'textarea' || field.span === 24;

function detailItems(master: MasterDeclaration, record: BaseRecord, profile: Profile | undefined, t: Translate): Items {
  const label = (name: string) => t(keyIn(master.i18n, `fields.${name}`));
  const items: Items = master.fields
    .filter((field) => field.kind !== 'password' && fieldMode(field, profile) !== 'hidden')
    .map((field) => ({
      key: field.name,
      label: label(field.name),
      span: wide(field) ? 'filled' : 1,
      children: <span data-testid={`detail-${field.name}`}>{fieldText(field, record, t, columnOf(master, field))}</span>,
    }));
  if (master.temporary && record.temporary_registration_date) {
    items.push({ key: 'temporary', label: t('masterEnums.temporary'), children: <Tag color="orange">{t('masterEnums.temporary')}</Tag> });
  }
  items.push({ key: 'updated_at', label: label('updated_at'), children: formatDateTime(record.updated_at as string) });
  return items;
}

/** On a page: one column on a phone, up to three on a wide screen. */
const PAGE_COLUMNS: DescriptionsProps['column'] = { xs: 1, md: 2, xl: 3 };

export function MasterDetails({
  master,
  record,
  column = PAGE_COLUMNS,
}: {
  master: MasterDeclaration;
  record: BaseRecord;
  /** a modal is narrow whatever the screen: one column */
  column?: DescriptionsProps['column'];
}) {
  const { t } = useT();
  const { profile } = useProfile();
  return (
    <Details
      column={column}
      items={detailItems(master, record, profile, t)}
      labelStyle={{ width: 160, whiteSpace: 'nowrap' }}
      data-testid={`${master.resource}-details`}
    />
  );
}
