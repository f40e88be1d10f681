import { useTranslation } from 'react-i18next';
import { CsvImportButtons } from '../../components/csv-import.js';
import { RESOURCE } from './form.js';

/** CSV取込 (check, then import) and the template, for departments. */
export function DepartmentImport({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  return (
    <CsvImportButtons
      resource={RESOURCE}
      title={t('departments.titles.import')}
      fieldNamespace="departments.fields"
      onImported={onImported}
    />
  );
}
