import { Card, type CardProps } from 'antd';

/** A screen's frame: a compact card whose title the browser tests find by its test id. */
export function ScreenCard({ title, ...card }: CardProps) {
  return <Card size="small" {...card} title={<span data-testid="page-title">{title}</span>} />;
}
