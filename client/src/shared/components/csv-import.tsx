/**
 * CSV import for any master: choose a file, check it (nothing written), and only when
 * every row is valid, import it. Also the template download. Endpoints per docs/api.md:
 * /api/<name>/check_file_import, /api/<name>/import, /api/<name>/import_template.
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useCan, useOnError } from '@refinedev/core';
import { Alert, Button, Modal, Space, Table, Tag, Upload, type UploadFile } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { downloadFile, isHttpError, postFile } from '../../app/providers/http.js';
import { toast } from '../../app/providers/toast.js';
import { findResource } from '../../app/resources.js';
import { keyIn, useT } from '../../app/providers/translate.js';
import type { MessageSection } from '../../../../common/locales/index.js';

export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface ImportCheck {
  ok: boolean;
  total: number;
  encoding?: string;
  errors: RowError[];
}

export interface ImportResult {
  ok: true;
  total: number;
  created: number;
  updated: number;
}

function isImportCheck(value: unknown): value is ImportCheck {
  return typeof value === 'object' && value !== null && Array.isArray((value as ImportCheck).errors);
}

interface ImportProps {
  /** Refine identifier (resources.tsx); its `name` is the API path, its identifier names the template file. */
  resource: string;
  title: string;
  /** i18n namespace of the field labels, to name the field of a row error. */
  fieldNamespace: MessageSection;
  onImported: () => void;
  /**
   * Query parameters both steps send (the delivery import's `date`); a missing one disables the check.
   * A change clears a check made with the previous values.
   */
  params?: Record<string, string | undefined>;
  /** Shown above the file choice: the inputs behind `params` (a date picker). */
  extra?: ReactNode;
  /** The template's path under the resource, when not `import_template`. */
  templatePath?: string;
}

/** `?date=2026-11-23` for the parameters, '' without any; undefined while one is missing. */
export function importQuery(params: Record<string, string | undefined> | undefined): string | undefined {
  const entries = Object.entries(params ?? {});
  if (entries.some(([, value]) => value === undefined || value === '')) return undefined;
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries as [string, string][]).toString()}`;
}

function useFailureHandler() {
  const { mutate: onError } = useOnError();
  return (error: unknown) => {
    toast.error(isHttpError(error) ? error.message : String(error), 'csv-import');
    onError(error);
  };
}

export function CsvImportModal({ resource, title, fieldNamespace, onImported, params, extra, open, onClose }: ImportProps & {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useT();
  const apiName = findResource(resource)?.name ?? resource;
  const fail = useFailureHandler();
  const [file, setFile] = useState<File>();
  const [check, setCheck] = useState<ImportCheck>();
  const [busy, setBusy] = useState<'check' | 'run'>();
  const query = importQuery(params);
  useEffect(() => setCheck(undefined), [query]);

  function choose(next: File | undefined) {
    setFile(next);
    setCheck(undefined);
  }

  async function send<T>(step: 'check' | 'run', path: string): Promise<T | undefined> {
    if (!file || query === undefined) return undefined;
    setBusy(step);
    try {
      return await postFile<T>(`/${apiName}/${path}${query}`, file);
    } catch (error) {
      // 422: the import re-ran the checks and refused the file; show its row errors.
      if (isHttpError(error) && error.statusCode === 422 && isImportCheck(error.body)) setCheck(error.body);
      else fail(error);
      return undefined;
    } finally {
      setBusy(undefined);
    }
  }

  async function runCheck() {
    setCheck(undefined);
    const checked = await send<ImportCheck>('check', 'check_file_import');
    if (checked) setCheck(checked);
  }

  async function runImport() {
    const imported = await send<ImportResult>('run', 'import');
    if (!imported) return;
    toast.success(t('csv.imported', { created: imported.created, updated: imported.updated }), 'csv-import');
    onImported();
    // Done: the toast says what was written, the refreshed list shows it.
    close();
  }

  function close() {
    choose(undefined);
    onClose();
  }

  const fileList: UploadFile[] = file ? [{ uid: 'csv', name: file.name, status: 'done' }] : [];
  const fieldLabel = (field: string) => t(keyIn(fieldNamespace, field), { defaultValue: field });

  return (
    <Modal
      open={open}
      title={title}
      width={720}
      onCancel={close}
      destroyOnClose
      footer={
        <Space>
          <Button onClick={close}>{t('buttons.cancel')}</Button>
          <Button onClick={() => void runCheck()} disabled={!file || query === undefined} loading={busy === 'check'} data-testid="import-check">
            {t('csv.check')}
          </Button>
          <Button
            type="primary"
            onClick={() => void runImport()}
            disabled={!check?.ok}
            loading={busy === 'run'}
            data-testid="import-run"
          >
            {t('csv.run')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {extra}
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          fileList={fileList}
          beforeUpload={(chosen) => {
            choose(chosen);
            return false;
          }}
          onRemove={() => choose(undefined)}
          data-testid="import-file"
        >
          <Button icon={<UploadOutlined />}>{t('csv.chooseFile')}</Button>
        </Upload>
        {!file ? <Alert type="info" showIcon message={t('csv.fileRequired')} /> : null}
        {check?.ok ? (
          <Alert
            type="success"
            showIcon
            data-testid="import-check-ok"
            message={t('csv.checkOk', { count: check.total })}
            description={check.encoding ? <Tag>{`${t('csv.encoding')}: ${check.encoding}`}</Tag> : null}
          />
        ) : null}
        {check && !check.ok ? (
          <>
            <Alert
              type="error"
              showIcon
              data-testid="import-check-failed"
              message={t('csv.checkFailed', { count: check.errors.length })}
            />
            <Table<RowError>
              size="small"
              data-testid="import-errors"
              rowKey={(error) => `${error.row}:${error.field}:${error.message}`}
              dataSource={check.errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: t('csv.row'), dataIndex: 'row', width: 80 },
                { title: t('csv.field'), dataIndex: 'field', width: 180, render: fieldLabel },
                { title: t('csv.message'), dataIndex: 'message' },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Modal>
  );
}

/** "CSV取込" and "テンプレート", shown only to users who may import into the resource. */
export function CsvImportButtons(props: ImportProps) {
  const { t } = useT();
  const { data: access } = useCan({ resource: props.resource, action: 'import' });
  const [open, setOpen] = useState(false);
  const fail = useFailureHandler();
  if (!access?.can) return null;

  const apiName = findResource(props.resource)?.name ?? props.resource;
  const downloadTemplate = () =>
    downloadFile(`/${apiName}/${props.templatePath ?? 'import_template'}`, `${props.resource}_template.csv`).catch(fail);

  return (
    // One item of the page header's button row, spaced like the others.
    <Space>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="import-open">
        {t('csv.import')}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()} data-testid="import-template">
        {t('csv.template')}
      </Button>
      <CsvImportModal {...props} open={open} onClose={() => setOpen(false)} />
    </Space>
  );
}
