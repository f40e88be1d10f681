import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { downloadFile, isHttpError } from '../../app/providers/http.js';
import { toast } from '../../app/providers/toast.js';

/**
 * 運行指示書 (the PDF report `delivery-operation`) of one trip or a center's day, for the drivers to
 * carry; or another PDF report of the day (`report`: 配車表, `vehicle-chart`).
 */
export function OperationSheetButton({
  report = 'delivery-operation',
  query,
  file,
  label,
  testId,
  disabled,
}: {
  report?: 'delivery-operation' | 'vehicle-chart';
  query: string;
  file: string;
  label: string;
  testId: string;
  disabled?: boolean;
}) {
  const [printing, setPrinting] = useState(false);
  const print = () => {
    setPrinting(true);
    downloadFile(`/report/${report}?${query}&format=pdf`, file)
      .catch((error: unknown) => toast.error(isHttpError(error) ? error.message : String(error), testId))
      .finally(() => setPrinting(false));
  };
  return (
    <Button size="small" icon={<PrinterOutlined />} loading={printing} disabled={disabled} onClick={print} data-testid={testId}>
      {label}
    </Button>
  );
}
