/** 「CSV出力」: a list's current conditions as a CSV file, in UTF-8 with a BOM or in Shift_JIS for older Excel. */
import { DownloadOutlined } from '@ant-design/icons';
import { useOnError } from '@refinedev/core';
import { Button, Dropdown } from 'antd';
import type { CsvEncoding } from '../../../../common/reports.js';
import { downloadFile, isHttpError } from '../../app/providers/http.js';
import { toast } from '../../app/providers/toast.js';
import { useT } from '../../app/providers/translate.js';

interface CsvExportButtonProps {
  /** the API path that streams the file in this encoding */
  path: (encoding: CsvEncoding) => string;
  fileName: string;
}

export function CsvExportButton({ path, fileName }: CsvExportButtonProps) {
  const { t } = useT();
  const { mutate: onError } = useOnError();
  const download = (encoding: CsvEncoding) =>
    downloadFile(path(encoding), fileName).catch((error: unknown) => {
      toast.error(isHttpError(error) ? error.message : String(error), 'csv-export');
      onError(error);
    });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'utf8', label: <span data-testid="export-utf8">{t('csv.exportUtf8')}</span> },
          { key: 'sjis', label: <span data-testid="export-sjis">{t('csv.exportSjis')}</span> },
        ],
        onClick: ({ key }) => void download(key as CsvEncoding),
      }}
    >
      <Button icon={<DownloadOutlined />} data-testid="export-open">
        {t('csv.export')}
      </Button>
    </Dropdown>
  );
}
