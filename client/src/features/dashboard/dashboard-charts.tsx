/**
 * The home page's charts (@ant-design/plots, G2): today's trips by status and today's deliveries. A
 * module of its own, loaded after the figures are shown, so that the chart library reaches neither the
 * login page nor the first paint of the home page.
 */
import { Column, Pie } from '@ant-design/plots';

const STATUS_COLOURS = ['#bfbfbf', '#faad14', '#1677ff', '#52c41a'];
const DELIVERY_COLOURS = ['#52c41a', '#ff4d4f', '#1677ff'];

export function TripsChart({ slices }: { slices: { status: string; trips: number }[] }) {
  return (
    <Pie
      data={slices}
      angleField="trips"
      colorField="status"
      innerRadius={0.6}
      height={180}
      scale={{ color: { range: STATUS_COLOURS } }}
      label={{ text: (datum: { trips: number }) => (datum.trips > 0 ? String(datum.trips) : ''), style: { fontSize: 12 } }}
      legend={{ color: { position: 'right', itemLabelFontSize: 12 } }}
      tooltip={{ title: 'status', items: [{ channel: 'y' }] }}
      animate={false}
    />
  );
}

export function DeliveriesChart({ bars }: { bars: { part: string; count: number }[] }) {
  return (
    <Column
      data={bars}
      xField="part"
      yField="count"
      colorField="part"
      height={180}
      scale={{ color: { range: DELIVERY_COLOURS } }}
      label={{ text: 'count', position: 'inside', style: { fontSize: 12 } }}
      legend={false}
      animate={false}
    />
  );
}
