/**
 * Working-time findings (改善基準告示) as the screens show them: amber for a warning (注意), red for a
 * violation (違反), the rule named, figures as H:mm. Used by the allocation screens (warnings stored
 * on a trip) and the drivers' working-time pages (findings computed from the day's records).
 */
import { Alert, Space, Tag } from 'antd';
import { formatDate } from '../../../../common/time.js';
import { findingMessageParams, findingOfWarning, type RuleFinding } from '../../../../common/work-rules.js';
import { HoverTooltip } from '../components/hover-tooltip.js';
import type { Warning } from '../trips/types.js';
import { useT } from '../../app/providers/translate.js';

/** antd's amber and red. */
export const LEVEL_COLOUR = { warning: 'warning', violation: 'error' } as const;

/** A finding's sentence: `workRules.<rule>.<level>` with its figures, prefixed by its day when not `onDate`. */
export function useFindingText() {
  const { t } = useT();
  return (finding: RuleFinding, onDate?: string) => {
    const message = t(`workRules.${finding.rule}.${finding.level}`, findingMessageParams(finding.figures));
    return finding.date && onDate !== undefined && finding.date !== onDate ? t('workRules.onDate', { date: formatDate(finding.date), message }) : message;
  };
}

/**
 * One finding as a tag. `onDate`: the day the screen is about. The tag says the level and the whole
 * sentence, its tooltip names the rule; `brief` (an overview table) swaps them: the tag names the
 * rule with its figure (「違反：1日の拘束時間 15:20」), the tooltip holds the whole sentence.
 */
export function FindingTag({ finding, onDate, brief = false }: { finding: RuleFinding; onDate?: string; brief?: boolean }) {
  const { t } = useT();
  const text = useFindingText();
  const level = t(`workRules.level.${finding.level}`);
  const rule = t(`workRules.${finding.rule}.name`);
  const sentence = text(finding, onDate);
  const message = brief ? t(`workRules.${finding.rule}.brief`, findingMessageParams(finding.figures)) : sentence;
  return (
    <HoverTooltip title={brief ? sentence : t('app.withNote', { text: rule, note: level })}>
      <Tag color={LEVEL_COLOUR[finding.level]} className={`work-rule work-rule--${finding.level}`} data-testid="work-rule-finding" data-rule={finding.rule} data-level={finding.level}>
        {t('workRules.tagText', { level, message })}
      </Tag>
    </HoverTooltip>
  );
}

/** The working-time warnings among a trip's stored warnings, as findings (violations first). */
export function findingsOfWarnings(warnings: Warning[]): RuleFinding[] {
  return warnings
    .map(findingOfWarning)
    .filter((f): f is RuleFinding => f !== null)
    .sort((a, b) => (a.level === b.level ? 0 : a.level === 'violation' ? -1 : 1));
}

export function FindingTags({ findings, onDate, brief }: { findings: RuleFinding[]; onDate?: string; brief?: boolean }) {
  return (
    <>
      {findings.map((finding) => (
        <FindingTag key={`${finding.rule}-${finding.date}-${finding.level}`} finding={finding} onDate={onDate} brief={brief} />
      ))}
    </>
  );
}

/**
 * The working-time findings of an assignment as a box above a form: red when any is a violation,
 * amber otherwise; nothing when there are none. The planner may still save.
 */
export function FindingsAlert({ warnings, date }: { warnings: Warning[]; date?: string }) {
  const { t } = useT();
  const findings = findingsOfWarnings(warnings);
  if (findings.length === 0) return null;
  const violation = findings.some((f) => f.level === 'violation');
  return (
    <Alert
      type={violation ? 'error' : 'warning'}
      showIcon
      message={t('workRules.title')}
      description={
        <Space size={4} wrap>
          <FindingTags findings={findings} onDate={date} />
        </Space>
      }
      style={{ marginBottom: 16 }}
      data-testid="work-rule-alert"
    />
  );
}
