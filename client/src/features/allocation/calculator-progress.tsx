/**
 * The optimizer's progress on the calculator's request: the page names each calculation with a run id
 * of its own, and the server sends that run's progress (best cost so far, seconds elapsed of the chosen
 * budget) to the user's realtime socket (common/realtime.ts `optimizer_progress`).
 */
import { Progress, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useT } from '../../app/providers/translate.js';
import { OPTIMIZER_CHANNEL } from '../../shared/realtime/live-channels.js';
import { useLiveEvent } from '../../shared/realtime/use-live.js';
import { formatNumber } from './labels.js';

interface RunProgress {
  budget: number;
  cost?: number;
  seconds: number;
}

/** A calculation's id: unique enough among one user's requests (crypto.randomUUID needs a secure context). */
const newRunId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** `start(budget)` names a new calculation and forgets the previous one's progress; `progress` is the latest of the current one. */
export function useOptimizerProgress() {
  const run = useRef<string>();
  const [progress, setProgress] = useState<RunProgress>();
  useLiveEvent(OPTIMIZER_CHANNEL, (event) => {
    const { run_id, cost, seconds, budget } = event.payload as { run_id?: string; cost: number; seconds: number; budget: number };
    if (run_id !== undefined && run_id === run.current) setProgress({ cost, seconds, budget });
  });
  const start = useCallback((budget: number) => {
    run.current = newRunId();
    setProgress({ budget, seconds: 0 });
    return run.current;
  }, []);
  return { start, progress };
}

/** While the optimizer runs: the time elapsed of the budget as a bar, and the best plan's cost so far. */
export function OptimizerProgress({ progress }: { progress: RunProgress | undefined }) {
  const { t } = useT();
  if (!progress) return null;
  const { budget, cost, seconds } = progress;
  const text =
    cost === undefined
      ? t('allocationScreens.calculator.progressStarting', { budget })
      : t('allocationScreens.calculator.progress', { cost: formatNumber(Math.round(cost)), seconds: seconds.toFixed(1), budget });
  return (
    <div className="alloc-calc__progress" data-testid="calculator-progress" data-cost={cost ?? ''} data-seconds={seconds}>
      <Typography.Text type="secondary">{text}</Typography.Text>
      <Progress percent={Math.min(100, Math.round((seconds / budget) * 100))} size="small" showInfo={false} status="active" />
    </div>
  );
}
