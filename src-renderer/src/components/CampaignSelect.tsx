import { Select, type SelectProps } from '@mantine/core';

/** A campaign as the selects show it: its name, and where a caller wants it, its next mission. */
type CampaignLike = { id: string; name: string; currentMission?: number };

/** "Name (mission 3)": for the selects where the next mission decides the allowance. */
export const withMission = (c: CampaignLike) => `${c.name} (mission ${c.currentMission})`;

/** The labelled "Campaign" select over a list of campaigns; `describe` gives an option's label (the name by default). */
export function CampaignSelect<C extends CampaignLike>({
  campaigns,
  describe = (c) => c.name,
  ...select
}: { campaigns: readonly C[] | undefined; describe?: (c: C) => string } & Omit<SelectProps, 'data' | 'label'>) {
  return <Select label="Campaign" placeholder="Choose a campaign" {...select} data={(campaigns ?? []).map((c) => ({ value: c.id, label: describe(c) }))} />;
}
