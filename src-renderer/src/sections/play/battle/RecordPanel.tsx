import { Button, Card, Checkbox, Group, NumberInput, Select, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { formationMayAct, formationRefusal, formationsThatMay } from '../../../../../src-shared/battle/formation-life';
import { citeFieldManual } from '../../../../../src-shared/naming';
import { useState } from 'react';
import type { Side } from '../../../../../src-shared/battle/setup';
import type { BattleEventBodyInput } from '../../../../../src-shared/battle/events';
import { gambitRefusal, OVERCHARGE_ID, overchargingOfficer } from '../../../../../src-shared/battle/gambits';
import { AppError } from '../../../../../src-shared/errors';
import type { BattleHook } from '../useBattle';
import { ACTION_COLOR } from '../labels';
import { ActionButton } from '../ActionButton';
import { FormationSelect, SideControl } from './SidePickers';
import { Choice } from '../../../components/Choice';
import { VeteranSixControl } from './VeteranSixControl';
import { RuleOfCoolForm } from './RuleOfCoolForm';
import { OfficerRepost } from './OfficerRepost';
import { missionVp } from '../../../../../src-shared/battle/victory-points';
import { patrolActive } from '../../../../../src-shared/battle/bag';
import { PATROL_FLEES_AT } from '../../../../../src-shared/battle/setup';

/** Recording forms for the playtest (Field Manual §12): kills, wounds, casualties, gambits, Uncloak, VP, Veteran Sixes, rulings. */
export function RecordPanel({ b }: { b: BattleHook }) {
  const { state, pack, battle, act } = b;
  const s = state!;
  const worth = missionVp(s, b.rules!);
  const detail = battle.data!;
  const [side, setSide] = useState<Side>('A');
  const [formation, setFormation] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>(1);
  const [attack, setAttack] = useState<'ranged' | 'melee'>('ranged');
  const [objective, setObjective] = useState<string | null>('1');
  const [killer, setKiller] = useState<string>('A');
  const [retreated, setRetreated] = useState<number | string>(0);
  const [captain, setCaptain] = useState(false);
  const [officers, setOfficers] = useState<string[]>([]);
  const [gambit, setGambit] = useState<string | null>(null);
  const [ruling, setRuling] = useState<'disputed' | 'confusing'>('disputed');
  const [ruleRef, setRuleRef] = useState('');
  const [text, setText] = useState('');
  const name = (sd: Side) => detail.setup.sides[sd === 'A' ? 0 : 1].playerName;
  const formations = s.sides[side].formations;
  const chosen = formations.find((f) => f.id === formation);
  // a Heavy recorded destroyed explodes before anything else is lost (Field Manual §5): Record losses waits for it
  const explosionWaiting = s.explosions.pending.length > 0;
  // an Officer posted to a squad is one of its models: its loss is recorded there (roster-formations.ts)
  const postedHere = chosen && chosen.slot !== 'command' ? s.sides[side].officers.filter((o) => o.attachedTo === chosen.id) : [];
  // Overcharge asks whose shots: HQ and Elite only (gambits.ts)
  const overcharge = gambit === OVERCHARGE_ID;
  const gambitWhy =
    gambit && overcharge && !formation
      ? 'Choose the formation that overcharges: HQ (the Captain and Officers) or Elite.'
      : gambit && overcharge && formationRefusal(s, side, formation!, 'gambit')
        ? formationRefusal(s, side, formation!, 'gambit')
        : gambit
          ? gambitRefusal(s, pack!, { side, gambitId: gambit, formationId: overcharge ? formation! : undefined })
          : null;
  // on a phone, a form forgets what it sent once it is recorded (or kept to send later): a second tap a moment later has
  // nothing to send, rather than recording the same Wounds or losses again (issue 42); the organiser's window keeps the
  // choice, for the next step of the same formation
  const forget = () => {
    setFormation(null);
    setAmount(1);
    setRetreated(0);
    setObjective(null);
    setGambit(null);
    setCaptain(false);
    setOfficers([]);
    setRuleRef('');
    setText('');
  };
  const record = (body: BattleEventBodyInput, reset?: () => void) =>
    act.mutate(
      { kind: 'record', body },
      {
        onSuccess: () => {
          reset?.();
          if (b.access === 'table') forget();
        },
      },
    );
  // The message beside the field: the matching issue's own words, without the request's summary.
  const err = (field: string) => {
    if (!(act.error instanceof AppError)) return undefined;
    const issue = act.error.issues?.find((i) => i.path.includes(field));
    if (issue) return issue.message;
    return act.error.path?.includes(field) ? act.error.message : undefined;
  };

  const sidePicker = (
    <SideControl
      size="md"
      label="Which player"
      value={side}
      name={name}
      onChange={(v) => {
        setSide(v);
        setFormation(null);
      }}
    />
  );
  // losses are taken by a formation on the table (formation-life.ts): the picker lists what the handler accepts
  const losing = formationsThatMay(s, side, 'take-losses');
  const lossesPicker = (
    <FormationSelect
      formations={losing}
      value={losing.some((f) => f.id === formation) ? formation : null}
      onChange={setFormation}
      error={err('formationId')}
      showLeft
    />
  );
  // the tactics tab's one picker feeds the Gambit, Uncloak and Veteran Six controls; it lists every formation, so the
  // Veteran Six control can say why a destroyed one may not spend its own, and each control asks the guard for its action
  const tacticsPicker = <FormationSelect formations={formations} value={formation} onChange={setFormation} error={err('formationId')} showLeft />;
  const lossesMay = !!formation && formationMayAct(s, side, formation, 'take-losses');
  const uncloakWhy = formation ? formationRefusal(s, side, formation, 'uncloak') : null;
  // wounds are dealt by formations on the table: not one in reserve, destroyed or gone (formation-life.ts)
  const onTable = formationsThatMay(s, side, 'deal-wounds');
  const woundsPicker = (
    <FormationSelect
      formations={onTable}
      value={onTable.some((f) => f.id === formation) ? formation : null}
      onChange={setFormation}
      error={err('formationId')}
      showLeft
    />
  );
  // a patrol flees when its second mutant dies (Field Manual §3): a third kill is only the same attack's
  const patrol = objective ? s.patrols[Number(objective) - 1] : undefined;
  const killsAsked = Number(amount) || 0;
  const killWarning =
    patrol && patrolActive(patrol) && patrol.dead + killsAsked > PATROL_FLEES_AT
      ? `A patrol flees when its second mutant dies (Field Manual §3): record ${PATROL_FLEES_AT - patrol.dead} unless the same attack killed the third outright.`
      : null;

  return (
    <Card withBorder padding="lg" component="section" aria-label="Record">
      <Title order={2} size="h3" mb="sm">
        Record round {s.round}
      </Title>
      <Tabs defaultValue="wounds" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="wounds">Wounds</Tabs.Tab>
          <Tabs.Tab value="kills">Mutants</Tabs.Tab>
          <Tabs.Tab value="losses">Losses</Tabs.Tab>
          <Tabs.Tab value="tactics">Gambits & more</Tabs.Tab>
          <Tabs.Tab value="cool">Rule of Cool</Tabs.Tab>
          <Tabs.Tab value="ruling">Ruling</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="wounds" pt="md">
          <Stack>
            {sidePicker}
            {woundsPicker}
            <Group grow align="flex-end">
              <Choice label="Attack kind" value={attack} onChange={setAttack} options={{ ranged: 'Ranged', melee: 'Melee' }} />
              <NumberInput label="Wounds dealt" min={1} max={100} value={amount} onChange={setAmount} />
            </Group>
            <ActionButton
              disabled={!formation || !onTable.some((f) => f.id === formation)}
              onClick={() => record({ kind: 'record.wounds', side, formationId: formation!, attack, amount: Number(amount) })}
            >
              Record wounds
            </ActionButton>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="kills" pt="md">
          <Stack>
            <Select
              label="Objective patrol"
              allowDeselect={false}
              data={s.patrols.map((p) => ({
                value: String(p.objective + 1),
                label: `Objective ${p.objective + 1}: ${p.dead} dead${p.fled ? ', 1 fled' : ''}`,
                // a patrol already gone takes no more kills (the backend refuses them too)
                disabled: !patrolActive(p),
              }))}
              value={objective}
              onChange={setObjective}
              error={err('objective')}
            />
            <Choice label="Killed by" value={killer} onChange={setKiller} options={{ A: name('A'), B: name('B'), none: 'Cryptid or storm' }} />
            <NumberInput label="Mutants killed" min={1} max={3} value={amount} onChange={setAmount} error={err('count')} />
            {killWarning && (
              <Text size="sm" fw={600} role="status" data-testid="mutant-kill-warning">
                {killWarning}
              </Text>
            )}
            {patrol && !patrolActive(patrol) && (
              <Text size="sm" role="status">
                The patrol at objective {patrol.objective + 1} is gone: two of its mutants died and the third fled (Field Manual §3).
              </Text>
            )}
            <ActionButton
              disabled={!objective || (!!patrol && !patrolActive(patrol))}
              onClick={() =>
                record({ kind: 'mutant.kill', objective: Number(objective) - 1, side: killer === 'none' ? null : (killer as Side), count: Number(amount) })
              }
            >
              Record mutant kills
            </ActionButton>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="losses" pt="md">
          <Stack>
            {sidePicker}
            {lossesPicker}
            {chosen?.slot === 'command' && (
              <Group>
                <Checkbox label="The Captain" checked={captain} disabled={s.sides[side].captainLost} onChange={(e) => setCaptain(e.currentTarget.checked)} />
                <OfficerBoxes officers={s.sides[side].officers} checked={officers} onChange={setOfficers} />
              </Group>
            )}
            {postedHere.length > 0 && (
              <Group>
                <Text size="sm">Officers posted to {chosen!.name} among them:</Text>
                <OfficerBoxes officers={postedHere} checked={officers} onChange={setOfficers} />
              </Group>
            )}
            <Group grow>
              <NumberInput label="Killed" min={0} max={50} value={amount} onChange={setAmount} error={err('killed')} />
              <NumberInput label="Retreated off the table" min={0} max={50} value={retreated} onChange={setRetreated} />
            </Group>
            <ActionButton
              disabled={!formation || !lossesMay || explosionWaiting}
              onClick={() =>
                record(
                  {
                    kind: 'record.casualties',
                    side,
                    formationId: formation!,
                    killed: Number(amount),
                    retreated: Number(retreated),
                    captain: chosen?.slot === 'command' && captain,
                    // only the Officers of the formation chosen: its own, or any with the command group
                    officerIds: chosen?.slot === 'command' ? officers : officers.filter((id) => postedHere.some((o) => o.id === id)),
                  },
                  () => {
                    setCaptain(false);
                    setOfficers([]);
                  },
                )
              }
            >
              Record losses
            </ActionButton>
            {explosionWaiting && (
              <Text size="sm" data-testid="losses-wait">
                A destroyed Heavy explodes first: resolve its explosion above, then record what it destroyed.
              </Text>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="tactics" pt="md">
          <Stack>
            {sidePicker}
            <Group grow align="flex-end">
              <Select
                label="Field Gambit (one per player per round)"
                data={pack!.gambits.map((g) => ({ value: g.id, label: g.name }))}
                value={gambit}
                onChange={setGambit}
                error={err('gambitId')}
              />
              <Button
                color={ACTION_COLOR}
                disabled={!gambit || gambitWhy !== null}
                onClick={() => record({ kind: 'gambit', side, gambitId: gambit!, ...(overcharge ? { formationId: formation! } : {}) })}
              >
                {s.gambitsThisRound.includes(side) ? 'Gambit used this round' : 'Use gambit'}
              </Button>
            </Group>
            {tacticsPicker}
            {gambit && gambitWhy && !s.gambitsThisRound.includes(side) && (
              <Text size="sm" c="red.8" data-testid="gambit-refusal">
                {citeFieldManual(gambitWhy)}
              </Text>
            )}
            {overcharge && formation && !gambitWhy && overchargingOfficer(s, side, formation) && (
              <Text size="sm">Only {overchargingOfficer(s, side, formation)}’s own shots overcharge: the squad around it is not HQ.</Text>
            )}
            <Group>
              <Button
                variant="default"
                disabled={!formation || uncloakWhy !== null}
                title={uncloakWhy ?? undefined}
                onClick={() => record({ kind: 'uncloak', side, formationId: formation! })}
              >
                Uncloak this patrol
              </Button>
              {worth.relic > 0 && (
                <Button variant="default" onClick={() => record({ kind: 'record.vp', side, source: 'relic', amount: worth.relic, note: '' })}>
                  Relic extracted (+{worth.relic} VP)
                </Button>
              )}
              {s.secondaryObjective && (
                <Button
                  variant="default"
                  disabled={s.sides[side].vpRecorded.secondary > 0}
                  title={s.secondaryObjective}
                  onClick={() => record({ kind: 'record.vp', side, source: 'secondary', amount: worth.secondary, note: '' })}
                >
                  {s.sides[side].vpRecorded.secondary > 0 ? 'Secondary objective scored' : `Secondary objective achieved (+${worth.secondary} VP)`}
                </Button>
              )}
            </Group>
            <OfficerRepost b={b} side={side} />
            {b.mayChooseFor(side) ? (
              <VeteranSixControl
                state={s}
                side={side}
                formationId={formation}
                pending={act.isPending}
                onUse={(pool) => record({ kind: 'record.veteranSix', side, formationId: formation!, pool, replacing: null })}
              />
            ) : (
              <Text size="sm" data-testid="veteran-six-not-yours">{`${name(side)}’s Veteran Sixes are spent on ${name(side)}’s phone.`}</Text>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="cool" pt="md">
          <Stack>
            {b.access === 'table' ? (
              // at a table, a phone attempts its own side's Rule of Cool (issue 42)
              b.ownSide ? (
                <RuleOfCoolForm key={b.ownSide} b={b} side={b.ownSide} name={name} />
              ) : (
                <Text size="sm" data-testid="rule-of-cool-not-yours">
                  Each player attempts their Rule of Cool on their own phone: claim your side above to attempt yours.
                </Text>
              )
            ) : (
              <>
                {sidePicker}
                <RuleOfCoolForm key={side} b={b} side={side} name={name} />
              </>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="ruling" pt="md">
          <Stack>
            <Choice label="Kind of ruling" value={ruling} onChange={setRuling} options={{ disputed: 'Disputed', confusing: 'Confusing' }} />
            <TextInput
              label="Rule reference"
              placeholder="e.g. Field Manual §4 step 4"
              value={ruleRef}
              onChange={(e) => setRuleRef(e.currentTarget.value)}
              error={err('ruleRef')}
            />
            <Textarea
              label="What happened, and how you settled it"
              autosize
              minRows={2}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={err('text')}
            />
            <ActionButton
              onClick={() =>
                record({ kind: 'record.ruling', ruling, ruleRef, text }, () => {
                  setRuleRef('');
                  setText('');
                })
              }
            >
              Record the ruling
            </ActionButton>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}

/** A box for each Officer among the losses, a lost one greyed out. */
function OfficerBoxes(props: { officers: readonly { id: string; name: string; lost: boolean }[]; checked: string[]; onChange: (ids: string[]) => void }) {
  const { checked, onChange } = props;
  return props.officers.map((o) => (
    <Checkbox
      key={o.id}
      label={o.name}
      disabled={o.lost}
      checked={checked.includes(o.id)}
      onChange={(e) => onChange(e.currentTarget.checked ? [...checked, o.id] : checked.filter((x) => x !== o.id))}
    />
  ));
}
