/** 表示項目: which columns the delivery list shows, and in which order (a checkbox list with up/down). */
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import { defaultColumns, moveColumn, setColumnVisible, visibleColumns, type ColumnConfig } from './state.js';
import { keyIn, useT } from '../../app/providers/translate.js';

export function ColumnChooser({ config, onChange }: { config: ColumnConfig; onChange: (next: ColumnConfig) => void }) {
  const { t } = useT();
  const lastVisible = visibleColumns(config).length <= 1;
  const content = (
    <div className="column-chooser" data-testid="column-chooser">
      <ul className="column-chooser__list">
        {config.order.map((name, index) => {
          const shown = !config.hidden.includes(name);
          const label = t(keyIn('deliveryScreens.fields', name));
          return (
            <li key={name} className="column-chooser__item" data-testid={`column-${name}`}>
              <Checkbox
                checked={shown}
                disabled={shown && lastVisible}
                onChange={(event) => onChange(setColumnVisible(config, name, event.target.checked))}
              >
                {label}
              </Checkbox>
              <Space size={2}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={`${label} ${t('deliveryScreens.columns.up')}`}
                  title={t('deliveryScreens.columns.up')}
                  onClick={() => onChange(moveColumn(config, name, -1))}
                  data-testid={`column-${name}-up`}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === config.order.length - 1}
                  aria-label={`${label} ${t('deliveryScreens.columns.down')}`}
                  title={t('deliveryScreens.columns.down')}
                  onClick={() => onChange(moveColumn(config, name, 1))}
                  data-testid={`column-${name}-down`}
                />
              </Space>
            </li>
          );
        })}
      </ul>
      <Button size="small" block onClick={() => onChange(defaultColumns())} data-testid="columns-reset">
        {t('deliveryScreens.columns.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('deliveryScreens.columns.title')} content={content}>
      <Button icon={<SettingOutlined />} data-testid="columns-open">
        {t('deliveryScreens.columns.button')}
      </Button>
    </Popover>
  );
}
