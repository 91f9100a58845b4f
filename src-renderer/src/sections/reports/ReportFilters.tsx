import { Group, MultiSelect, TextInput } from '@mantine/core';
import type { ReportFilter } from '../../../../src-shared/reports/battle';
import { useApiQuery } from '../../api/hooks';
import { RecordSourceSelect } from '../../components/RecordSourceSelect';

/** Which battles the report covers: campaigns, a date range, factions, missions, Play Mode or paper records. Empty = the whole club. */
export function ReportFilters({
  value,
  onChange,
  factions,
}: {
  value: ReportFilter;
  onChange: (f: ReportFilter) => void;
  factions: { id: string; name: string }[];
}) {
  const campaigns = useApiQuery('campaigns.list', {});
  const set = (patch: Partial<ReportFilter>) => onChange({ ...value, ...patch });
  const dateError = value.from && value.to && value.from > value.to ? 'The start date is after the end date.' : undefined;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <MultiSelect
        label="Campaigns"
        placeholder={value.campaignIds?.length ? undefined : 'Whole club'}
        data={(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={value.campaignIds ?? []}
        onChange={(ids) => set({ campaignIds: ids.length ? ids : undefined })}
        searchable
        clearable
        w={240}
      />
      <TextInput label="From" type="date" value={value.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || undefined })} w={160} />
      <TextInput label="To" type="date" value={value.to ?? ''} onChange={(e) => set({ to: e.currentTarget.value || undefined })} error={dateError} w={160} />
      <MultiSelect
        label="Factions"
        placeholder={value.factionIds?.length ? undefined : 'All factions'}
        data={factions.map((f) => ({ value: f.id, label: f.name }))}
        value={value.factionIds ?? []}
        onChange={(ids) => set({ factionIds: ids.length ? ids : undefined })}
        clearable
        w={260}
      />
      <MultiSelect
        label="Missions"
        placeholder={value.missions?.length ? undefined : 'All missions'}
        data={[1, 2, 3, 4, 5].map((m) => ({ value: String(m), label: `Mission ${m}` }))}
        value={(value.missions ?? []).map(String)}
        onChange={(ms) => set({ missions: ms.length ? ms.map(Number) : undefined })}
        clearable
        w={200}
      />
      <RecordSourceSelect value={value.source} onChange={(source) => set({ source })} />
    </Group>
  );
}
