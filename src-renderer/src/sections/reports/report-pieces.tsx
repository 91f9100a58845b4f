import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReportTrace } from '../../../../src-shared/reports/trace';
import { TraceButton } from '../../components/TraceButton';
import type { OpenedFigure } from './BattlesDrawer';

/** What the report's cards share: how a rate reads, a traced figure and a titled card. */
export type OnOpen = (figure: OpenedFigure) => void;

export const pct = (x: number) => `${Math.round(x * 100)}%`;

/** A figure that opens the battles behind it; with none behind it (no storm yet), just the figure. */
export function Trace({ trace, count, label, onOpen, children }: { trace: ReportTrace; count: number; label: string; onOpen: OnOpen; children: ReactNode }) {
  return (
    <TraceButton count={count} label={label} onOpen={() => onOpen({ title: label, trace, count })}>
      {children}
    </TraceButton>
  );
}

/** A card of the report, named by its title. */
export function ReportCard({ id, title, titleGap = 'sm', children }: { id: string; title: string; titleGap?: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={titleGap}>
        {title}
      </Title>
      {children}
    </Card>
  );
}
