import { Badge, Card, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ChannelOutput } from '../../../../src-shared/contract';
import { TraceButton } from '../../components/TraceButton';
import type { OpenedDeskFigure } from './DeskBattlesModal';

/** What the desk's figure tables share: the figures' types, how a number reads, the "too few" mark, a traced figure, a section. */
export type Figures = ChannelOutput<'desk.report'>['figures'];
export type Estimate = Figures['firstMover']['winRate'];
export type OnOpen = (f: OpenedDeskFigure) => void;
/** What each of the desk's sections is given: the figures, the names of their ids, and the opener of a figure's battles. */
export type DeskSectionProps = { figures: Figures; names: Record<string, string>; onOpen: OnOpen };
/** An id's name, or the id itself when the names do not hold it. */
export const nameIn = (names: Record<string, string>, id: string) => names[id] ?? id;

export const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);
export const interval = (e: Estimate, show: (x: number) => string = pct) =>
  e.lower === null || e.upper === null ? '–' : `${show(e.lower)} – ${show(e.upper)}`;
export const num = (x: number | null, digits = 1) => (x === null ? '–' : x.toFixed(digits));
/** The mark every figure with fewer than 20 battles behind it carries, wherever it appears. */
export function TooFew({ on }: { on: boolean }) {
  return on ? (
    <Badge size="xs" color="orange" variant="light" ml={6}>
      too few games
    </Badge>
  ) : null;
}

/** A table row's subject (a faction, a pair, a mission, a rule), marked when too few games stand behind its figures. */
export function SubjectCell({ tooFew, children }: { tooFew: boolean; children: ReactNode }) {
  return (
    <Table.Td>
      {children}
      <TooFew on={tooFew} />
    </Table.Td>
  );
}

/** A figure that opens the battles behind it; with none behind it, just the figure. */
export function Trace({ id, count, label, onOpen, children }: { id: string; count: number; label: string; onOpen: OnOpen; children: ReactNode }) {
  return (
    <TraceButton count={count} label={label} onOpen={() => onOpen({ title: label, id, count })}>
      {children}
    </TraceButton>
  );
}

export function Section({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={note ? 4 : 'sm'}>
        {title}
      </Title>
      {note && (
        <Text size="sm" c="dimmed" mb="sm">
          {note}
        </Text>
      )}
      {children}
    </Card>
  );
}
