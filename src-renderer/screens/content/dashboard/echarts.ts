// ECharts with only what the dashboard draws: line series on a grid, tooltip,
// legend and dataZoom (slider + inside), rendered as SVG. Importing from
// 'echarts/core' and registering these keeps the rest of the library out of the
// dashboard's chunk (which the screen table loads lazily).
import * as echarts from 'echarts/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, SVGRenderer]);

export type ChartOption = echarts.ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DataZoomComponentOption>;
export type { LineSeriesOption };
export { echarts };
