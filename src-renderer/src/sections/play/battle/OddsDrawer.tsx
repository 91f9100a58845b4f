import { citeFieldManual } from '../../../../../src-shared/naming';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { activationProfileInput, formationProfileInput, holdFastAgainst } from '../../../../../src-shared/battle/effective-profile';
import { overchargeAttackerRefusal } from '../../../../../src-shared/battle/gambits';
import { battleOddsChoices } from '../../../../../src-shared/battle/odds-choices';
import type { BattleEventBodyInput } from '../../../../../src-shared/battle/events';
import { oddsOptionsFrom } from '../../../../../src-shared/odds/spec';
import { useBattleRosters } from '../battle-reads';
import { AttackOddsPanel } from '../odds/AttackOddsPanel';
import { ExplosionOdds } from './ExplosionOdds';
import type { BattleHook } from '../useBattle';

interface Rolled {
  amount: number;
  body: BattleEventBodyInput | null;
  /** Wounds the misses dealt to the attacker's own side in an allied melee (DIGEST 6.13), recorded with the rest. */
  friendly: BattleEventBodyInput | null;
  label: string;
}

/**
 * The odds calculator one click from the round screen, filled from the
 * battle: the formations of both armies (profiles, weapons, loadouts), the
 * cryptid while it is on the table, and the rulings the battle is played
 * under. After a roll, the wounds dealt are recorded against the attacking
 * formation in one click; nothing is recorded without that click.
 */
export function OddsDrawer({ b }: { b: BattleHook }) {
  const detail = b.battle.data!;
  // the armies as saved; the battle's own snapshot keeps the models that took the table
  const [rosterA, rosterB] = useBattleRosters(b);
  const [rolled, setRolled] = useState<Rolled | null>(null);
  // what became of the last roll offered: recorded or dismissed, said where it was made
  const [settled, setSettled] = useState<string | null>(null);
  const choices = useMemo(
    () =>
      b.pack && b.state
        ? battleOddsChoices(
            b.pack,
            [
              { roster: rosterA, playerName: detail.setup.sides[0].playerName },
              { roster: rosterB, playerName: detail.setup.sides[1].playerName },
            ],
            b.state,
          )
        : { attackers: [], targets: [] },
    [b.pack, b.state, rosterA, rosterB, detail.setup.sides],
  );
  // the battle's own rulings, as pinned by its campaign (or the pack for a standalone battle)
  const options = oddsOptionsFrom(detail.options);
  // a roll is offered to the record only while the battle takes events (useBattle's `recording`)
  const inRound = b.recording && (b.state?.round ?? 0) > 0;
  // the odds start from the formation taking its activation, with its Steady Fire (effective-profile.ts)
  const active = b.state ? activationProfileInput(b.state) : null;
  // its own fighters first, before an Officer posted to it
  const ofActive = active ? choices.attackers.filter((a) => a.side === active.side && a.formationId === active.formationId) : [];
  const startAttacker = ofActive.find((a) => !a.hq) ?? ofActive[0];
  const start = startAttacker && active ? { attacker: startAttacker.id, steadyFire: active.input.order === 'steady-fire' } : null;

  // what the roll resolved goes into the record: the Wounds to the enemy, then those to friends (two events, in order)
  // a roll is recorded once: a second tap while the first is on its way, or after it, records nothing
  const recorded = useRef<Rolled | null>(null);
  const recordRoll = async (r: Rolled) => {
    if (recorded.current === r) return;
    recorded.current = r;
    try {
      for (const body of [r.body, r.friendly]) if (body) await b.act.mutateAsync({ kind: 'record', body });
      setRolled(null);
      setSettled(`Recorded: ${r.label}.`);
    } catch {
      // a refusal is shown by the round screen's error alert; the roll stays offered
      recorded.current = null;
    }
  };

  return (
    <Stack>
      <AttackOddsPanel
        attackers={choices.attackers}
        presetFor={(id) => {
          // a target still under its Captain's Iron Edict, or carrying Hold Fast, as the battle stands (effective-profile.ts)
          const t = choices.targets.find((x) => x.id === id);
          if (!t?.side || !t.formationId || !b.state) return {};
          return {
            ...(formationProfileInput(b.state, t.side, t.formationId).ironEdict ? { ironEdict: true } : {}),
            ...(holdFastAgainst(b.state, t.side, t.formationId) ? { holdFast: true } : {}),
          };
        }}
        blockedFor={(id) => {
          // Overcharge only for HQ and Elite (gambits.ts), as the Gambits tab and the backend say
          const a = choices.attackers.find((x) => x.id === id);
          const why = a && b.state ? overchargeAttackerRefusal(b.state, a) : null;
          return why ? { overcharge: citeFieldManual(why) } : {};
        }}
        targets={choices.targets}
        options={options}
        start={start}
        requireWeapon
        // one-handed on a phone (issue 42): pickers, then Roll and its result in reach, the modifiers folded below
        compact={b.access === 'table'}
        // a roll waiting to be recorded is not rolled over unseen: record it or dismiss it first
        rollHeld={rolled?.body || rolled?.friendly ? 'Record this roll or dismiss it before rolling a new attack.' : null}
        afterRoll={
          rolled?.body || rolled?.friendly ? (
            <Alert color="blue" title="Record this roll?" role="status">
              <Stack gap="xs">
                <Text size="sm">{rolled.label}</Text>
                <Group>
                  <Button loading={b.act.isPending} onClick={() => void recordRoll(rolled)}>
                    Record {rolled.body ? `${rolled.amount} Wound${rolled.amount === 1 ? '' : 's'}` : 'the Wounds to its own side'}
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => {
                      setRolled(null);
                      setSettled('Dismissed: this roll is not in the record.');
                    }}
                  >
                    Dismiss
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : settled ? (
            <Text size="sm" role="status" data-testid="roll-settled">
              {settled}
            </Text>
          ) : null
        }
        onRolled={(roll, picked) => {
          setSettled(null);
          const attacker = choices.attackers.find((a) => a.id === picked.attacker);
          const target = choices.targets.find((t) => t.id === picked.target);
          const amount = roll.totalDamage;
          const friendly: BattleEventBodyInput | null =
            attacker?.side && attacker.formationId && roll.friendlyDamage > 0
              ? {
                  kind: 'record.wounds',
                  side: attacker.side,
                  formationId: attacker.formationId,
                  attack: picked.kind,
                  amount: roll.friendlyDamage,
                  friendly: true,
                }
              : null;
          if (!attacker || (amount <= 0 && !friendly) || !inRound) return setRolled(amount > 0 ? { amount, body: null, friendly: null, label: '' } : null);
          const body: BattleEventBodyInput | null =
            amount <= 0
              ? null
              : target && target.formationId === null
                ? { kind: 'cryptid.wound', side: attacker.side, formationId: attacker.formationId, attack: picked.kind, amount }
                : attacker.side && attacker.formationId
                  ? { kind: 'record.wounds', side: attacker.side, formationId: attacker.formationId, attack: picked.kind, amount }
                  : null;
          setRolled({
            amount,
            body,
            friendly,
            label: [
              amount > 0 ? `${amount} Wound${amount === 1 ? '' : 's'} dealt by ${attacker.label}${target ? ` to ${target.label}` : ''} (${picked.kind})` : null,
              friendly ? `${roll.friendlyDamage} Wound${roll.friendlyDamage === 1 ? '' : 's'} to its own side (misses into the allied melee)` : null,
            ]
              .filter(Boolean)
              .join('; '),
          });
        }}
      />
      <ExplosionOdds ruling={detail.options.explosionSaves} />
    </Stack>
  );
}
