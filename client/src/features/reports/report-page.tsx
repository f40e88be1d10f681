/**
 * `/download/<slug>` 帳票: one page for every report of common/reports.ts. Its form is the report's
 * declaration: the period (a day, a Monday-to-Sunday week, a month or a range of at most 31 days),
 * the filters it takes that the user may pick from (a carrier's own company is implied), and a
 * button per format. Enter in the form downloads the first format. The rules are in report-query.ts.
 */
import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { useOnError } from '@refinedev/core';
import { Button, Checkbox, DatePicker, type DatePickerProps, Dropdown, Form, InputNumber, Space, Tag, Typography } from 'antd';
import { ScreenCard } from '../../shared/components/screen-card.js';
import dayjs, { type Dayjs } from 'dayjs';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_FUEL_PRICE,
  type PeriodQuery,
  REPORT_AMOUNTS,
  REPORT_RANGE_DAYS_MAX,
  REPORTS,
  type ReportAmount,
  type ReportDefinition,
  type ReportFilter,
  type ReportPeriod,
  type ReportSlug,
} from '../../../../common/reports.js';
import { DATE_DISPLAY_FORMAT } from '../../../../common/time.js';
import { dayField } from '../../shared/components/day-field.js';
import { DayStepper } from '../../shared/components/day-stepper.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { RefSelect } from '../../shared/masters/ref-select.js';
import { isCarrier } from '../../shared/masters/rules.js';
import { canAccess } from '../../app/providers/access-control.js';
import { API_URL, downloadFile, http, isHttpError } from '../../app/providers/http.js';
import type { FuelPriceWire } from '../../../../server/reports/schemas.js';
import { ANTD_LOCALES, currentLocale } from '../../app/providers/i18n.js';
import { toast } from '../../app/providers/toast.js';
import { keyIn, type MessageKey, useT } from '../../app/providers/translate.js';
import type { RefSpec } from '../../shared/masters/types.js';
import {
  type AmountValues,
  defaultPeriod,
  type DownloadChoice,
  downloadChoices,
  type FilterValues,
  periodText,
  reportFileName,
  reportPath,
  shownFilters,
} from './report-query.js';
import './reports.css';

const DAY = 'YYYY-MM-DD';

/** The form's values: the period as the API's text (the pickers convert), the filters' ids, the amounts. */
interface FormValues extends FilterValues, AmountValues {
  date?: string;
  month?: string;
  range?: [string, string];
}

const toFormValues = (period: PeriodQuery): FormValues => ({
  date: period.date,
  month: period.month,
  range: period.date_from && period.date_to ? [period.date_from, period.date_to] : undefined,
});

const fromFormValues = (values: FormValues): PeriodQuery => ({
  date: values.date,
  month: values.month,
  date_from: values.range?.[0],
  date_to: values.range?.[1],
});

const monthField = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(`${value}-01`) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM') : null),
};

const rangeField = {
  getValueProps: (value: unknown) => ({ value: Array.isArray(value) ? value.map((day: string) => dayjs(day)) : undefined }),
  normalize: (value: [Dayjs | null, Dayjs | null] | null) => (value?.[0] && value[1] ? [value[0].format(DAY), value[1].format(DAY)] : null),
};

/**
 * The date pickers' locale with weeks starting on Monday (dayjs' ja and en start on Sunday): the week
 * picker's rows are then the weeks a report covers (periodDays). A local dayjs locale, registered once.
 */
function mondayFirstLocale(): DatePickerProps['locale'] {
  const locale = currentLocale();
  const name = `${locale}-monday`;
  if (!dayjs.Ls[name]) dayjs.locale({ ...dayjs.Ls[locale]!, name, weekStart: 1 }, undefined, true);
  const base = ANTD_LOCALES[locale].DatePicker!;
  return { ...base, lang: { ...base.lang, locale: name } };
}

/** The period's picker, by the report's kind of period; its test id `report-period`. */
function PeriodField({ period }: { period: ReportPeriod }) {
  const { t } = useT();
  const form = Form.useFormInstance<FormValues>();
  const month = Form.useWatch('month', form);
  const label = t(keyIn('reportScreens.period', period));
  const locale = mondayFirstLocale();
  switch (period) {
    case 'day':
      return (
        <Form.Item label={label} name="date">
          <DayInput />
        </Form.Item>
      );
    case 'week':
      return (
        <Form.Item label={label} name="date" {...dayField}>
          <DatePicker
            picker="week"
            locale={locale}
            allowClear={false}
            format={(value: Dayjs) => periodText('week', { date: value.format(DAY) }, t)}
            style={{ width: 230 }}
            data-testid="report-period"
          />
        </Form.Item>
      );
    case 'month':
      return (
        <Form.Item label={label} extra={month ? periodText('month', { month }, t) : null}>
          <Form.Item name="month" noStyle {...monthField}>
            <DatePicker picker="month" locale={locale} allowClear={false} format="YYYY/MM" style={{ width: 140 }} data-testid="report-period" />
          </Form.Item>
        </Form.Item>
      );
    case 'range':
      return (
        <Form.Item label={label} name="range" extra={t('reportScreens.period.rangeHint', { days: REPORT_RANGE_DAYS_MAX })} {...rangeField}>
          <DatePicker.RangePicker
            locale={locale}
            allowClear={false}
            format={DATE_DISPLAY_FORMAT}
            disabledDate={(current, info) => Boolean(info?.from && Math.abs(current.diff(info.from, 'day')) >= REPORT_RANGE_DAYS_MAX)}
            data-testid="report-period"
          />
        </Form.Item>
      );
  }
}

/** A day between previous-day and next-day buttons, as a form control (value YYYY-MM-DD). */
function DayInput({ value, onChange }: { value?: string; onChange?: (day: string) => void }) {
  const { t } = useT();
  return (
    <DayStepper
      date={value!}
      onChange={(day) => onChange?.(day)}
      prevLabel={t('reportScreens.period.prevDay')}
      nextLabel={t('reportScreens.period.nextDay')}
      pickerTestId="report-period"
      pickerLabel={t('reportScreens.period.day')}
    />
  );
}

const FILTER_SELECTS: Record<ReportFilter, RefSpec> = {
  department_id: { resource: 'department' },
  delivery_company_id: { resource: 'delivery_company' },
  // Narrowed to the chosen company's drivers.
  driver_id: { resource: 'driver', label: ['name'], sort: 'name', filterBy: { delivery_company_id: 'delivery_company_id' } },
};

function FilterField({ name }: { name: ReportFilter }) {
  const { t } = useT();
  const form = Form.useFormInstance<FormValues>();
  const companyId = Form.useWatch('delivery_company_id', form);
  return (
    <Form.Item label={t(keyIn('reportScreens.filters', name))} name={name}>
      <RefSelect
        refSpec={FILTER_SELECTS[name]}
        dependencies={{ delivery_company_id: companyId }}
        placeholder={t('reportScreens.filters.all')}
        style={{ width: 280 }}
        data-testid={`report-filter-${name}`}
      />
    </Form.Item>
  );
}

/**
 * An amount the report needs (軽油単価), required, within its bounds. 軽油単価 starts from the chosen
 * center's last (the server keeps it per center, `GET /api/report/daily-expense/fuel-price`), else from
 * the stated default, marked 「既定値」 while it is that default.
 */
function AmountField({ name }: { name: ReportAmount }) {
  const { t } = useT();
  const form = Form.useFormInstance<FormValues>();
  const center = Form.useWatch('department_id', form) as number | null | undefined;
  const value = Form.useWatch(name, form) as number | null | undefined;
  const [start, setStart] = useState<FuelPriceWire | null>(null);
  useEffect(() => {
    let current = true;
    void http
      .get<FuelPriceWire>(`${API_URL}/report/daily-expense/fuel-price`, { params: center ? { department_id: center } : {} })
      .then(({ data }) => {
        if (!current) return;
        setStart(data);
        form.setFieldValue(name, data.fuel_price);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [center, form, name]);
  const label = t(keyIn('reportScreens.amounts', name));
  const { min, max } = REPORT_AMOUNTS[name];
  const isDefault = start?.source === 'default' && value === start.fuel_price;
  return (
    <Form.Item label={label} extra={t(keyIn('reportScreens.amounts', `${name}Hint`), { default: DEFAULT_FUEL_PRICE })}>
      <Space size={8}>
        <Form.Item noStyle name={name} rules={[{ required: true, type: 'integer', min, max, message: t('reportScreens.amounts.invalid', { label, min, max }) }]}>
          <InputNumber min={min} max={max} precision={0} addonAfter={t(keyIn('reportScreens.amounts', `${name}Unit`))} style={{ width: 180 }} data-testid={`report-amount-${name}`} />
        </Form.Item>
        {isDefault ? (
          <Tag data-testid={`report-amount-${name}-default`}>{t('reportScreens.amounts.default')}</Tag>
        ) : null}
      </Space>
    </Form.Item>
  );
}

const FORMAT_ICONS: Record<string, ReactNode> = { pdf: <FilePdfOutlined />, xlsx: <FileExcelOutlined />, csv: <FileTextOutlined /> };

/** One button per format; CSV opens its two encodings. The one at work spins, all wait for it. */
function DownloadButtons({ choices, busy, onDownload }: { choices: DownloadChoice[]; busy: string | null; onDownload: (choice: DownloadChoice) => void }) {
  const { t } = useT();
  const csv = choices.filter((choice) => choice.format === 'csv');
  const csvLabel = (choice: DownloadChoice) => t(choice.encoding === 'sjis' ? 'reportScreens.download.csvSjis' : 'reportScreens.download.csvUtf8');
  return (
    <Space size={8} wrap>
      {choices
        .filter((choice) => choice.format !== 'csv')
        .map((choice, index) => (
          <Button
            key={choice.key}
            type={index === 0 ? 'primary' : 'default'}
            icon={FORMAT_ICONS[choice.format]}
            loading={busy === choice.key}
            disabled={busy !== null && busy !== choice.key}
            onClick={() => onDownload(choice)}
            data-testid={`report-download-${choice.key}`}
          >
            {t(keyIn('reportScreens.download', choice.format))}
          </Button>
        ))}
      {csv.length > 0 ? (
        <Dropdown
          trigger={['click']}
          disabled={busy !== null}
          menu={{
            items: csv.map((choice) => ({ key: choice.key, label: <span data-testid={`report-download-${choice.key}`}>{csvLabel(choice)}</span> })),
            onClick: ({ key }) => onDownload(csv.find((choice) => choice.key === key)!),
          }}
        >
          <Button
            type={choices[0]?.format === 'csv' ? 'primary' : 'default'}
            icon={<DownloadOutlined />}
            loading={busy?.startsWith('csv') ?? false}
            disabled={busy !== null && !busy.startsWith('csv')}
            data-testid="report-download-csv"
          >
            {t('reportScreens.download.csv')}
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
}

export default function ReportPage({ slug, label }: { slug: ReportSlug; label: MessageKey }) {
  const { t, i18n } = useT();
  const { mutate: onError } = useOnError();
  const { profile } = useProfile();
  const report: ReportDefinition = REPORTS[slug];
  const choices = useMemo(() => downloadChoices(report.formats), [report]);
  const carrier = isCarrier(profile);
  const filters = shownFilters(report.filters, { carrier, canList: (area) => canAccess(profile, area, 'list') });
  const [form] = Form.useForm<FormValues>();
  const initialValues = useMemo(() => toFormValues(defaultPeriod(report.period)), [report]);
  const [busy, setBusy] = useState<string | null>(null);
  const working = useRef(false);

  const download = async (choice: DownloadChoice) => {
    if (working.current) return;
    const amounts = report.amounts ?? [];
    if (amounts.length > 0 && !(await form.validateFields([...amounts]).then(() => true, () => false))) return;
    working.current = true;
    setBusy(choice.key);
    const values = form.getFieldsValue(true) as FormValues;
    const period = fromFormValues(values);
    const chosen = Object.fromEntries([...filters, ...amounts, ...(report.switches ?? [])].map((name) => [name, values[name]]));
    try {
      await downloadFile(reportPath(slug, report, period, chosen, choice), reportFileName(slug, report.period, period, choice.format));
    } catch (error) {
      toast.error(isHttpError(error) ? error.message : String(error), 'report-download');
      onError(error);
    } finally {
      working.current = false;
      setBusy(null);
    }
  };

  // Enter downloads the first format; not in a select (it opens and picks), on a button or while typing in an IME.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.defaultPrevented) return;
    if (event.target instanceof Element && event.target.closest('button, .ant-select')) return;
    event.preventDefault();
    // After the picker has taken a date typed in it.
    setTimeout(() => void download(choices[0]!), 0);
  };

  const descriptionKey = keyIn('reportScreens.descriptions', slug);
  const firstLabel = choices[0]?.format === 'csv' ? t('reportScreens.download.csvUtf8') : t(keyIn('reportScreens.download', choices[0]?.format ?? 'pdf'));
  const hint = (
    <Space size={12} wrap>
      {t('reportScreens.download.enterHint', { format: firstLabel })}
      {filters.length > 0 ? t('reportScreens.download.scopeHint') : null}
    </Space>
  );
  return (
    <ScreenCard title={t(label)}>
      {i18n.exists(descriptionKey) ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }} data-testid="report-description">
          {t(descriptionKey)}
        </Typography.Paragraph>
      ) : null}
      <Form<FormValues>
        form={form}
        name={`report-${slug}`}
        className="report-form"
        layout="horizontal"
        labelCol={{ flex: '136px' }}
        labelAlign="left"
        colon={false}
        initialValues={initialValues}
        onKeyDown={onKeyDown}
        // The drivers offered are the chosen company's: one chosen before is no longer among them.
        onValuesChange={(changed: FormValues) => {
          if ('delivery_company_id' in changed && filters.includes('driver_id')) form.setFieldValue('driver_id', null);
        }}
        style={{ maxWidth: 860 }}
      >
        <PeriodField period={report.period} />
        {report.filters.map((name) => {
          if (filters.includes(name)) return <FilterField key={name} name={name} />;
          // In the company filter's place, the company a carrier's reports are about.
          if (name !== 'delivery_company_id' || !carrier || !profile?.delivery_company) return null;
          return (
            <Form.Item key={name} label={t('reportScreens.filters.delivery_company_id')}>
              <span data-testid="report-own-company">{t('reportScreens.filters.ownCompany', { name: profile.delivery_company.name })}</span>
            </Form.Item>
          );
        })}
        {(report.amounts ?? []).map((name) => (
          <AmountField key={name} name={name} />
        ))}
        {(report.switches ?? []).map((name) => (
          <Form.Item key={name} label=" " name={name} valuePropName="checked">
            <Checkbox data-testid={`report-switch-${name}`}>{t(keyIn('reportScreens.switches', name))}</Checkbox>
          </Form.Item>
        ))}
        <Form.Item label={t('reportScreens.download.label')} extra={hint} style={{ marginBottom: 0 }}>
          <DownloadButtons choices={choices} busy={busy} onDownload={(choice) => void download(choice)} />
        </Form.Item>
      </Form>
    </ScreenCard>
  );
}
