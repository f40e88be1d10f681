/**
 * A record's facts as every detail screen shows them: a bordered, dense table, each label beside its
 * value. On a phone (narrower than antd's `sm`, 576 px) each label goes over its value instead: beside
 * it, a label of one line (「平均燃費（km/l）」, "Binding time extension agreement") left its value a
 * few pixels, one character a line, or pushed it past the screen's edge.
 */
import { Descriptions, Grid, type DescriptionsProps } from 'antd';

export function Details({ labelStyle, ...props }: DescriptionsProps) {
  const phone = Grid.useBreakpoint().sm === false;
  return <Descriptions bordered size="small" {...props} layout={phone ? 'vertical' : 'horizontal'} labelStyle={phone ? undefined : labelStyle} />;
}
