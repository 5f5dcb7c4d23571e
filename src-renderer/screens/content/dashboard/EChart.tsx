// A small React wrapper of ECharts: inits on its div, sets the options it is
// given (replacing the previous ones), follows the container's size
// (ResizeObserver: the sider folding, the window, the screen-size classes) and
// disposes on unmount. The container is role="img" with the summary as its
// aria-label: the canvas of lines says nothing to a screen reader by itself.
import { useEffect, useRef, type CSSProperties } from 'react';
import { echarts, type ChartOption } from './echarts';

export interface EChartProps {
  option: ChartOption;
  /** what the chart shows, in words (the container's aria-label) */
  label: string;
  height?: number;
  style?: CSSProperties;
  testId?: string;
}

export function EChart({ option, label, height = 320, style, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      // one resize per frame, after the layout settled (a kept tab shown again reports its size once)
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!instance.isDisposed() && el.clientWidth > 0) instance.resize();
      });
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(option, { notMerge: true });
    // what the chart holds now, for whoever reads the page (tests among them)
    const series = instance.getOption().series;
    box.current?.setAttribute('data-series', String(Array.isArray(series) ? series.length : 0));
  }, [option]);

  return <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height, ...style }} />;
}
