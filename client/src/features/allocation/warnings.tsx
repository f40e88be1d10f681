import { Space, Tag } from 'antd';
import { findingOfWarning } from '../../../../common/work-rules.js';
import type { Warning } from '../../shared/trips/types.js';
import { FindingTags, findingsOfWarnings } from '../../shared/work-rules/tags.js';
import { keyIn, runtimeKey, useT } from '../../app/providers/translate.js';

/** A stored warning's text: the server's key when the catalogue has it, else ours. */
export function useWarningText() {
  const { t, i18n } = useT();
  return (warning: Warning) => {
    const params = warning.params ?? {};
    if (i18n.exists(warning.code)) return t(runtimeKey(warning.code), params);
    const short = warning.code.split('.').at(-1) ?? warning.code;
    const ours = keyIn('allocationScreens.warnings', short);
    return i18n.exists(ours) ? t(ours, params) : warning.code;
  };
}

/**
 * A trip's or a stop's stored warnings: working-time findings (amber or red, the rule named; `date`
 * is the trip's day, so a finding on another day says which), then the others in amber.
 */
export function WarningTags({ warnings, date }: { warnings: Warning[]; date?: string }) {
  const text = useWarningText();
  if (warnings.length === 0) return null;
  const others = warnings.filter((w) => findingOfWarning(w) === null);
  return (
    <Space size={2} wrap>
      <FindingTags findings={findingsOfWarnings(warnings)} onDate={date} />
      {others.map((w, i) => (
        <Tag key={`${w.code}-${i}`} color="warning" className="alloc-warning" data-testid="stop-warning">
          {text(w)}
        </Tag>
      ))}
    </Space>
  );
}
