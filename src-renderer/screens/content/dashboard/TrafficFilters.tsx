// The traffic's filter bar: a date range (Search Console's presets, or any range
// of at most 16 months picked on the calendar), the engine (all, Google, Bing)
// and the website (all the tenant's websites, or one).
import { DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TRAFFIC_ENGINES, type TrafficEngine } from '../../../../src-shared/search-engines';
import type { WebsiteOption } from './api';
import { presetRange, RANGE_PRESETS, rangeAllowed, type DayRange, type RangePreset } from './range';
import '../../../i18n/areas/search-dashboard';

export interface TrafficFilterState {
  preset: RangePreset;
  range: DayRange;
  engine: TrafficEngine | '';
  website: string;
}

export function TrafficFilters({ value, websites, onChange, narrow }: { value: TrafficFilterState; websites: WebsiteOption[]; onChange(next: TrafficFilterState): void; narrow: boolean }) {
  const { t } = useTranslation();
  const width = (px: number) => (narrow ? { width: '100%' } : { width: px });
  const today = dayjs().startOf('day');
  // a custom range: no future day, and at most 16 months from the other end once one end is picked
  const disabledDate = (d: Dayjs, info?: { from?: Dayjs }) => {
    if (d.isAfter(today, 'day')) return true;
    if (!info?.from) return false;
    const [a, b] = d.isBefore(info.from) ? [d, info.from] : [info.from, d];
    return !rangeAllowed(a, b);
  };
  return (
    // narrow screens: one control a line, each the card's width
    <Flex wrap vertical={narrow} gap={narrow ? 8 : 12} data-testid="traffic-filters">
      <Select<RangePreset>
        aria-label={t('searchDashboard.range')}
        data-testid="traffic-preset"
        style={width(140)}
        value={value.preset}
        options={[...RANGE_PRESETS, 'custom' as const].map((p) => ({ value: p, label: t(`searchDashboard.preset.${p}`) }))}
        onChange={(preset) => onChange({ ...value, preset, range: preset === 'custom' ? value.range : presetRange(preset, today) })}
      />
      <DatePicker.RangePicker
        aria-label={t('searchDashboard.range')}
        data-testid="traffic-range"
        style={narrow ? { width: '100%' } : undefined}
        allowClear={false}
        value={[dayjs(value.range.from), dayjs(value.range.to)]}
        maxDate={today}
        disabledDate={disabledDate}
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (!from || !to || !rangeAllowed(from, to)) return;
          onChange({ ...value, preset: 'custom', range: { from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') } });
        }}
      />
      <Select<TrafficEngine | ''>
        aria-label={t('searchDashboard.engine')}
        data-testid="traffic-engine"
        style={width(180)}
        value={value.engine}
        options={[{ value: '' as const, label: t('searchDashboard.engineAll') }, ...TRAFFIC_ENGINES.map((e) => ({ value: e, label: t(`searchDashboard.engines.${e}`) }))]}
        onChange={(engine) => onChange({ ...value, engine })}
      />
      <Select<string>
        aria-label={t('searchDashboard.website')}
        data-testid="traffic-website"
        style={width(220)}
        value={value.website}
        showSearch={{ optionFilterProp: 'label' }}
        options={[{ value: '', label: t('searchDashboard.websiteAll') }, ...websites]}
        onChange={(website) => onChange({ ...value, website })}
      />
    </Flex>
  );
}
