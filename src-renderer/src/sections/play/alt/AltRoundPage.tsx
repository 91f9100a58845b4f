import { Alert, Badge, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { describeSequence } from '../../../../../src-shared/battle/activation-strategy';
import type { AltBattle } from '../../../../../src-shared/battle/alternating-battle';
import { altBattleSchema, chooseFormation, demandFor, nextRound, passTurn, recordCasualties, recordWillCheck, startAltBattle } from '../../../../../src-shared/battle/alternating-battle';
import { AlternatingActivation } from '../../../../../src-shared/battle/alternating-activation';
import { withdrawalInstruction } from '../../../../../src-shared/battle/morale-rout';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { AltCasualties } from './AltCasualties';
import { AltSetupForm } from './AltSetupForm';
import { AltTurnPanel } from './AltTurnPanel';
import { RoutStatus } from './RoutStatus';
import { WillCheckPanel } from './WillCheckPanel';

const STORAGE_KEY = 'aoa.altModuleBattle';

/** The battle in progress survives leaving the page (kept on this computer only). */
function loadSaved(): AltBattle | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = altBattleSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A standalone battle played with the optional alternating-activation and
 * morale module (DIGEST §23): set-up, then round after round of alternating
 * activations, Pass tokens, rout and Will checks. Play Mode can embed the same
 * panels; this page runs a battle on its own.
 */
export function AltRoundPage() {
  const [battle, setBattle] = useState<AltBattle | null>(loadSaved);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (battle) localStorage.setItem(STORAGE_KEY, JSON.stringify(battle));
    else localStorage.removeItem(STORAGE_KEY);
  }, [battle]);

  /** Every change goes through the pure rules; a refusal is shown, the state kept. */
  const act = (f: (b: AltBattle) => AltBattle, after?: (b: AltBattle) => string | null) => {
    if (!battle) return;
    try {
      const next = f(battle);
      setBattle(next);
      setError(null);
      setNotice(after ? after(next) : null);
    } catch (e) {
      setError(e);
    }
  };

  const name = (id: string) => battle?.formations.find((f) => f.id === id)?.name ?? id;

  return (
    <Stack>
      <PageHeader
        title="Alternating activations (house rule)"
        description="The optional module: players alternate formations, the smaller side gets Pass tokens, and a company that loses more than half its models routs."
        actions={
          battle && (
            <Button variant="default" onClick={() => window.confirm('Abandon this battle and set up a new one?') && setBattle(null)}>
              New battle
            </Button>
          )
        }
      />
      <Group gap="xs">
        <Badge color="orange" variant="light">
          Non-standard
        </Badge>
        <Text size="sm" c="dimmed">
          {describeSequence({ activation: 'alternating' })}. Provisional house rule adapted from another game; never mixed with the token bag in one battle.
        </Text>
      </Group>
      <ErrorAlert error={error} />
      {!battle ? (
        <AltSetupForm
          onStart={(input) => {
            try {
              setBattle(startAltBattle(input));
              setError(null);
            } catch (e) {
              setError(e);
            }
          }}
        />
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack>
              <AltTurnPanel
                state={battle.activation}
                sideNames={battle.sideNames}
                formationName={name}
                busy={battle.pendingCheck !== null}
                onActivate={(id) =>
                  act(
                    (b) => chooseFormation(b, id),
                    () => {
                      const d = demandFor(battle, id);
                      return d.kind === 'withdraw' ? `${name(id)}: ${withdrawalInstruction(d.step)}` : null;
                    },
                  )
                }
                onPass={() => act(passTurn)}
              />
              {battle.pendingCheck && (
                <WillCheckPanel
                  key={battle.pendingCheck.formationId}
                  formationName={name(battle.pendingCheck.formationId)}
                  resolve={battle.formations.find((f) => f.id === battle.pendingCheck!.formationId)!.resolve}
                  isCommandGroup={battle.formations.filter((f) => f.side === battle.pendingCheck!.side)[0]?.id === battle.pendingCheck.formationId}
                  onResult={(passed) => {
                    const id = battle.pendingCheck!.formationId;
                    act(
                      (b) => recordWillCheck(b, passed),
                      () => (passed ? `${name(id)} passed its Will check and activates normally.` : `${name(id)}: ${withdrawalInstruction(1)}`),
                    );
                  }}
                />
              )}
              {notice && (
                <Alert color="blue" role="status" withCloseButton onClose={() => setNotice(null)}>
                  {notice}
                </Alert>
              )}
              {AlternatingActivation.isRoundOver(battle.activation) && (
                <Group>
                  <Button onClick={() => act(nextRound)}>Start round {battle.activation.round + 1}</Button>
                </Group>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack>
              <RoutStatus state={battle.morale} sideNames={battle.sideNames} brokenNames={Object.keys(battle.morale.broken).map(name)} />
              <AltCasualties formations={battle.formations} sideNames={battle.sideNames} onChange={(id, d, r) => act((b) => recordCasualties(b, id, d, r))} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
