import { ActionIcon, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { PanelCard } from '../../../components/PanelCard';
import { IconStrikethrough } from '@tabler/icons-react';
import { STRIKABLE_KINDS } from '../../../../../src-shared/battle/events';
import type { BattleHook } from '../useBattle';
import { cryptidWoundsLeft, describeEvent } from './describe-event';
import { isolateNames } from '../../../components/Name';

/**
 * The record, newest first. A mistaken entry is struck out, and stays visible struck. A phone at a club night table
 * strikes out only what its own link recorded (`mayUndo`); the organiser any entry.
 */
export function EventLog({ b }: { b: BattleHook }) {
  const detail = b.battle.data!;
  const open = detail.status === 'in_progress';
  const log = [...detail.log].reverse();
  const cryptidLeft = cryptidWoundsLeft(detail.log);
  const line = (e: (typeof log)[number]) => describeEvent(e, detail.setup, b.pack, { cryptidLeft: cryptidLeft.get(e.id) });
  // the players' and formations' names in each line are isolated where it is drawn (the wording is describe-event's)
  const names = detail.setup.sides.flatMap((s) => [s.playerName, ...s.formations.map((f) => f.name)]);
  return (
    <PanelCard label="Battle record" title={`Record (${detail.log.length})`}>
      {/* the scrolled record is reachable from the keyboard (WCAG 2.1.1): its viewport takes focus */}
      <ScrollArea.Autosize mah={420} viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Record entries, newest first' }}>
        <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {log.map((e) => (
            <Text
              key={e.id}
              component="li"
              size="sm"
              td={e.struck ? 'line-through' : undefined}
              c={e.struck ? 'dimmed' : undefined}
              style={{ display: 'flex', gap: 8, alignItems: 'center' }}
            >
              <span style={{ minWidth: 28, color: 'var(--mantine-color-dimmed)' }}>{e.round ? `R${e.round}` : '—'}</span>
              <span style={{ flex: 1 }}>{isolateNames(line(e), names)}</span>
              {open &&
                !e.struck &&
                STRIKABLE_KINDS.includes(e.body.kind) &&
                e.body.kind !== 'bag.draw' &&
                e.body.kind !== 'bag.activate' &&
                b.mayUndo(e.id) && (
                  <Tooltip label="Strike out (the entry stays in the record)">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Strike out: ${line(e)}`}
                      onClick={() =>
                        b.act.mutate({
                          kind: 'strike',
                          eventId: e.id,
                          reason: 'entered by mistake',
                        })
                      }
                    >
                      <IconStrikethrough size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
            </Text>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </PanelCard>
  );
}
