import { Tooltip, type TooltipProps } from 'antd';
import { cloneElement, type ReactElement, type ReactNode, useState } from 'react';

/**
 * An antd Tooltip made when the pointer first comes onto its child, shown on hover from then on as any
 * antd tooltip. A list has one per row or cell: made with their rows, the delivery list's 150 would
 * slow its first render noticeably. The child must pass `onMouseEnter` to its element.
 */
export function HoverTooltip({ title, placement, children }: { title: ReactNode; placement?: TooltipProps['placement']; children: ReactElement }) {
  const [pointedAt, setPointedAt] = useState(false);
  if (!pointedAt) return cloneElement(children, { onMouseEnter: () => setPointedAt(true) });
  return (
    <Tooltip title={title} placement={placement} defaultOpen>
      {children}
    </Tooltip>
  );
}
