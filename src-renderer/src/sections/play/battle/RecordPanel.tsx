import { Button, Card, Checkbox, Group, NumberInput, Select, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { formationMayAct, formationRefusal, formationsThatMay } from '../../../../../src-shared/battle/formation-life';
import { citeFieldManual } from '../../../../../src-shared/naming';
import { useState, type ReactNode } from 'react';
import type { Side } from '../../../../../src-shared/battle/setup';
import type { BattleEventBodyInput } from '../../../../../src-shared/battle/events';
import { gambitRefusal, OVERCHARGE_ID, overchargingOfficer } from '../../../../../src-shared/battle/gambits';
import type { BattleState } from '../../../../../src-shared/battle/state';
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

/**
 * What the forms hold between taps: the player and formation chosen, the numbers typed. Kept above the tabs (which
 * unmount when left), so a formation chosen for its Wounds is still chosen for its losses.
 */
function useRecordForm() {
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
  return {
    side,
    setSide,
    formation,
    setFormation,
    amount,
    setAmount,
    attack,
    setAttack,
    objective,
    setObjective,
    killer,
    setKiller,
    retreated,
    setRetreated,
    captain,
    setCaptain,
    officers,
    setOfficers,
    gambit,
    setGambit,
    ruling,
    setRuling,
    ruleRef,
    setRuleRef,
    text,
    setText,
    forget,
  };
}

/** What every tab is given: the battle, its state, the form, how to record, each field's error, and the player picker. */
interface TabProps {
  b: BattleHook;
  s: BattleState;
  f: ReturnType<typeof useRecordForm>;
  record: (body: BattleEventBodyInput, reset?: () => void) => void;
  err: (field: string) => string | undefined;
  name: (sd: Side) => string;
  sidePicker: ReactNode;
}

/** Recording forms for the playtest (Field Manual §12): kills, wounds, casualties, gambits, Uncloak, VP, Veteran Sixes, rulings. */
export function RecordPanel({ b }: { b: BattleHook }) {
  const { act } = b;
  const s = b.state!;
  const detail = b.battle.data!;
  const f = useRecordForm();
  const name = (sd: Side) => detail.setup.sides[sd === 'A' ? 0 : 1].playerName;
  const record = (body: BattleEventBodyInput, reset?: () => void) =>
    act.mutate(
      { kind: 'record', body },
      {
        onSuccess: () => {
          reset?.();
          if (b.access === 'table') f.forget();
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
      value={f.side}
      name={name}
      onChange={(v) => {
        f.setSide(v);
        f.setFormation(null);
      }}
    />
  );
  const tab: TabProps = { b, s, f, record, err, name, sidePicker };

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
          <WoundsTab {...tab} />
        </Tabs.Panel>
        <Tabs.Panel value="kills" pt="md">
          <MutantsTab {...tab} />
        </Tabs.Panel>
        <Tabs.Panel value="losses" pt="md">
          <LossesTab {...tab} />
        </Tabs.Panel>
        <Tabs.Panel value="tactics" pt="md">
          <TacticsTab {...tab} />
        </Tabs.Panel>
        <Tabs.Panel value="cool" pt="md">
          <CoolTab {...tab} />
        </Tabs.Panel>
        <Tabs.Panel value="ruling" pt="md">
          <RulingTab {...tab} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}

/** Wounds a formation on the table dealt, ranged or melee. */
function WoundsTab({ s, f, record, err, sidePicker }: TabProps) {
  const { side, formation, amount } = f;
  // wounds are dealt by formations on the table: not one in reserve, destroyed or gone (formation-life.ts)
  const onTable = formationsThatMay(s, side, 'deal-wounds');
  return (
    <Stack>
      {sidePicker}
      <FormationSelect
        formations={onTable}
        value={onTable.some((x) => x.id === formation) ? formation : null}
        onChange={f.setFormation}
        error={err('formationId')}
        showLeft
      />
      <Group grow align="flex-end">
        <Choice label="Attack kind" value={f.attack} onChange={f.setAttack} options={{ ranged: 'Ranged', melee: 'Melee' }} />
        <NumberInput label="Wounds dealt" min={1} max={100} value={amount} onChange={f.setAmount} />
      </Group>
      <ActionButton
        disabled={!formation || !onTable.some((x) => x.id === formation)}
        onClick={() => record({ kind: 'record.wounds', side, formationId: formation!, attack: f.attack, amount: Number(amount) })}
      >
        Record wounds
      </ActionButton>
    </Stack>
  );
}

/** Mutants of an objective's patrol killed, by a player or by the cryptid or storm. */
function MutantsTab({ s, f, record, err, name }: TabProps) {
  const { objective, amount, killer } = f;
  // a patrol flees when its second mutant dies (Field Manual §3): a third kill is only the same attack's
  const patrol = objective ? s.patrols[Number(objective) - 1] : undefined;
  const killsAsked = Number(amount) || 0;
  const killWarning =
    patrol && patrolActive(patrol) && patrol.dead + killsAsked > PATROL_FLEES_AT
      ? `A patrol flees when its second mutant dies (Field Manual §3): record ${PATROL_FLEES_AT - patrol.dead} unless the same attack killed the third outright.`
      : null;
  return (
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
        onChange={f.setObjective}
        error={err('objective')}
      />
      <Choice label="Killed by" value={killer} onChange={f.setKiller} options={{ A: name('A'), B: name('B'), none: 'Cryptid or storm' }} />
      <NumberInput label="Mutants killed" min={1} max={3} value={amount} onChange={f.setAmount} error={err('count')} />
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
  );
}

/** A formation's losses: killed and retreated, with the Captain and Officers among them. */
function LossesTab({ s, f, record, err, sidePicker }: TabProps) {
  const { side, formation, officers, amount, retreated, captain } = f;
  const chosen = s.sides[side].formations.find((x) => x.id === formation);
  // a Heavy recorded destroyed explodes before anything else is lost (Field Manual §5): Record losses waits for it
  const explosionWaiting = s.explosions.pending.length > 0;
  // an Officer posted to a squad is one of its models: its loss is recorded there (roster-formations.ts)
  const postedHere = chosen && chosen.slot !== 'command' ? s.sides[side].officers.filter((o) => o.attachedTo === chosen.id) : [];
  // losses are taken by a formation on the table (formation-life.ts): the picker lists what the handler accepts
  const losing = formationsThatMay(s, side, 'take-losses');
  const lossesMay = !!formation && formationMayAct(s, side, formation, 'take-losses');
  const command = chosen?.slot === 'command';
  const recordLosses = () =>
    record(
      {
        kind: 'record.casualties',
        side,
        formationId: formation!,
        killed: Number(amount),
        retreated: Number(retreated),
        captain: command && captain,
        // only the Officers of the formation chosen: its own, or any with the command group
        officerIds: command ? officers : officers.filter((id) => postedHere.some((o) => o.id === id)),
      },
      () => {
        f.setCaptain(false);
        f.setOfficers([]);
      },
    );
  return (
    <Stack>
      {sidePicker}
      <FormationSelect
        formations={losing}
        value={losing.some((x) => x.id === formation) ? formation : null}
        onChange={f.setFormation}
        error={err('formationId')}
        showLeft
      />
      {command && (
        <Group>
          <Checkbox label="The Captain" checked={captain} disabled={s.sides[side].captainLost} onChange={(e) => f.setCaptain(e.currentTarget.checked)} />
          <OfficerBoxes officers={s.sides[side].officers} checked={officers} onChange={f.setOfficers} />
        </Group>
      )}
      {postedHere.length > 0 && (
        <Group>
          <Text size="sm">Officers posted to {chosen!.name} among them:</Text>
          <OfficerBoxes officers={postedHere} checked={officers} onChange={f.setOfficers} />
        </Group>
      )}
      <Group grow>
        <NumberInput label="Killed" min={0} max={50} value={amount} onChange={f.setAmount} error={err('killed')} />
        <NumberInput label="Retreated off the table" min={0} max={50} value={retreated} onChange={f.setRetreated} />
      </Group>
      <ActionButton disabled={!formation || !lossesMay || explosionWaiting} onClick={recordLosses}>
        Record losses
      </ActionButton>
      {explosionWaiting && (
        <Text size="sm" data-testid="losses-wait">
          A destroyed Heavy explodes first: resolve its explosion above, then record what it destroyed.
        </Text>
      )}
    </Stack>
  );
}

/** Why the chosen gambit may not be used now (Overcharge also needs an HQ or Elite formation), or null. */
function gambitRefusalOf(b: BattleHook, s: BattleState, f: TabProps['f']): string | null {
  const { gambit, side, formation } = f;
  if (!gambit) return null;
  const overcharge = gambit === OVERCHARGE_ID;
  if (overcharge && !formation) return 'Choose the formation that overcharges: HQ (the Captain and Officers) or Elite.';
  const refusal = overcharge ? formationRefusal(s, side, formation!, 'gambit') : null;
  return refusal ?? gambitRefusal(s, b.pack!, { side, gambitId: gambit, formationId: overcharge ? formation! : undefined });
}

/** Field Gambits, Uncloak, the relic and secondary objective, an Officer's new post and Veteran Sixes. */
function TacticsTab(props: TabProps) {
  const { b, s, f, record, name, sidePicker } = props;
  const { side, formation } = f;
  const uncloakWhy = formation ? formationRefusal(s, side, formation, 'uncloak') : null;
  return (
    <Stack>
      {sidePicker}
      <GambitControls {...props} />
      <Group>
        <Button
          variant="default"
          disabled={!formation || uncloakWhy !== null}
          title={uncloakWhy ?? undefined}
          onClick={() => record({ kind: 'uncloak', side, formationId: formation! })}
        >
          Uncloak this patrol
        </Button>
        <ObjectiveButtons {...props} />
      </Group>
      <OfficerRepost b={b} side={side} />
      {b.mayChooseFor(side) ? (
        <VeteranSixControl
          state={s}
          side={side}
          formationId={formation}
          pending={b.act.isPending}
          onUse={(pool) => record({ kind: 'record.veteranSix', side, formationId: formation!, pool, replacing: null })}
        />
      ) : (
        <Text size="sm" data-testid="veteran-six-not-yours">{`${name(side)}’s Veteran Sixes are spent on ${name(side)}’s phone.`}</Text>
      )}
    </Stack>
  );
}

/** The Field Gambit and its button, the formation picker the tactics share, and why a gambit may not be used. */
function GambitControls({ b, s, f, record, err }: TabProps) {
  const { side, formation, gambit } = f;
  // Overcharge asks whose shots: HQ and Elite only (gambits.ts)
  const overcharge = gambit === OVERCHARGE_ID;
  const gambitWhy = gambitRefusalOf(b, s, f);
  const usedThisRound = s.gambitsThisRound.includes(side);
  const officer = overcharge && formation && !gambitWhy ? overchargingOfficer(s, side, formation) : null;
  return (
    <>
      <Group grow align="flex-end">
        <Select
          label="Field Gambit (one per player per round)"
          data={b.pack!.gambits.map((g) => ({ value: g.id, label: g.name }))}
          value={gambit}
          onChange={f.setGambit}
          error={err('gambitId')}
        />
        <Button
          color={ACTION_COLOR}
          disabled={!gambit || gambitWhy !== null}
          onClick={() => record({ kind: 'gambit', side, gambitId: gambit!, ...(overcharge ? { formationId: formation! } : {}) })}
        >
          {usedThisRound ? 'Gambit used this round' : 'Use gambit'}
        </Button>
      </Group>
      {/* the tactics tab's one picker feeds the Gambit, Uncloak and Veteran Six controls; it lists every formation, so the
          Veteran Six control can say why a destroyed one may not spend its own, and each control asks the guard for its action */}
      <FormationSelect formations={s.sides[side].formations} value={formation} onChange={f.setFormation} error={err('formationId')} showLeft />
      {gambit && gambitWhy && !usedThisRound && (
        <Text size="sm" c="red.8" data-testid="gambit-refusal">
          {citeFieldManual(gambitWhy)}
        </Text>
      )}
      {officer && <Text size="sm">Only {officer}’s own shots overcharge: the squad around it is not HQ.</Text>}
    </>
  );
}

/** The relic extracted and the secondary objective achieved, where the mission has them. */
function ObjectiveButtons({ b, s, f, record }: TabProps) {
  const { side } = f;
  const worth = missionVp(s, b.rules!);
  const scored = s.sides[side].vpRecorded.secondary > 0;
  return (
    <>
      {worth.relic > 0 && (
        <Button variant="default" onClick={() => record({ kind: 'record.vp', side, source: 'relic', amount: worth.relic, note: '' })}>
          Relic extracted (+{worth.relic} VP)
        </Button>
      )}
      {s.secondaryObjective && (
        <Button
          variant="default"
          disabled={scored}
          title={s.secondaryObjective}
          onClick={() => record({ kind: 'record.vp', side, source: 'secondary', amount: worth.secondary, note: '' })}
        >
          {scored ? 'Secondary objective scored' : `Secondary objective achieved (+${worth.secondary} VP)`}
        </Button>
      )}
    </>
  );
}

/** A Rule of Cool attempt: at a table, each phone its own side's; in the window, the side picked. */
function CoolTab({ b, f, name, sidePicker }: TabProps) {
  if (b.access !== 'table')
    return (
      <Stack>
        {sidePicker}
        <RuleOfCoolForm key={f.side} b={b} side={f.side} name={name} />
      </Stack>
    );
  // at a table, a phone attempts its own side's Rule of Cool (issue 42)
  return (
    <Stack>
      {b.ownSide ? (
        <RuleOfCoolForm key={b.ownSide} b={b} side={b.ownSide} name={name} />
      ) : (
        <Text size="sm" data-testid="rule-of-cool-not-yours">
          Each player attempts their Rule of Cool on their own phone: claim your side above to attempt yours.
        </Text>
      )}
    </Stack>
  );
}

/** A disputed or confusing ruling, with the rule it concerns and how the table settled it. */
function RulingTab({ f, record, err }: TabProps) {
  const { ruling, ruleRef, text } = f;
  return (
    <Stack>
      <Choice label="Kind of ruling" value={ruling} onChange={f.setRuling} options={{ disputed: 'Disputed', confusing: 'Confusing' }} />
      <TextInput
        label="Rule reference"
        placeholder="e.g. Field Manual §4 step 4"
        value={ruleRef}
        onChange={(e) => f.setRuleRef(e.currentTarget.value)}
        error={err('ruleRef')}
      />
      <Textarea
        label="What happened, and how you settled it"
        autosize
        minRows={2}
        value={text}
        onChange={(e) => f.setText(e.currentTarget.value)}
        error={err('text')}
      />
      <ActionButton
        onClick={() =>
          record({ kind: 'record.ruling', ruling, ruleRef, text }, () => {
            f.setRuleRef('');
            f.setText('');
          })
        }
      >
        Record the ruling
      </ActionButton>
    </Stack>
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
