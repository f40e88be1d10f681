import { Show } from '@refinedev/antd';
import { useShow, type BaseRecord, type HttpError } from '@refinedev/core';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../../../shared/components/error-page.js';
import { MasterDetails } from '../components/master-details.js';
import { getMaster } from '../declarations.js';
import { isNotFound, offers } from '../../../shared/masters/rules.js';
import { keyIn, useT } from '../../../app/providers/translate.js';

/**
 * `/<master>/detail/:id`: the record, read-only, for everyone who may see it (allocation staff
 * cannot open the edit form); an edit button for those who may edit. A record outside the
 * caller's scope (the API answers 404) is the not-found page.
 */
export default function MasterShowPage({ identifier }: { identifier: string }) {
  const master = getMaster(identifier);
  const { t } = useT();
  const { id } = useParams();
  const { query } = useShow<BaseRecord, HttpError>({
    resource: master.identifier,
    id,
  });
  if (isNotFound(query.error)) return <NotFoundPage />;
  const record = query.data?.data;
  return (
    <Show
      title={t(keyIn(master.i18n, 'titles.show'))}
      breadcrumb={false}
      isLoading={query.isLoading}
      recordItemId={id}
      canEdit={offers(master, 'edit')}
      canDelete={false}
    >
      {record ? <MasterDetails master={master} record={record} /> : null}
    </Show>
  );
}
