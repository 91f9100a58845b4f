import { Alert, Group, Loader, Tabs, Text } from '@mantine/core';
import { SearchInput } from '../../components/SearchInput';
import { useState } from 'react';
import type { Unit } from '../../../../src-shared/ruleset/schema';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { CampaignTab } from './CampaignTab';
import { EquipmentTab, RulesTab, WeaponsTab } from './CatalogueTables';
import { FactionsTab } from './FactionsTab';
import { CatalogueDialog, type CatalogueEdit } from './CatalogueDialog';
import { ProvisionalMark } from '../../components/ProvisionalMark';
import { RulingsPanel } from './RulingsPanel';
import { UnitBrowser } from './UnitBrowser';
import { UnitFormModal } from './UnitFormModal';
import { RemoveUnitModal } from './RemoveUnitModal';
import { usePackVersion } from './usePackVersion';
import { VersionPicker } from './VersionPicker';
import { VersionsPanel } from './VersionsPanel';

/**
 * The Armoury: the game's data as the selected pack version holds it, with
 * every provisional value marked; edits and rulings become new versions.
 */
export function ArmouryPage() {
  const { versions, selectedId, diffFrom, pack, select } = usePackVersion();
  const [tab, setTab] = useState<string | null>('units');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Unit | null>(null);
  const [catalogue, setCatalogue] = useState<CatalogueEdit | null>(null);
  const [removing, setRemoving] = useState<Unit | null>(null);
  /** The faction a new unit starts in ('' for none chosen), or null when the form is closed. */
  const [adding, setAdding] = useState<string | null>(null);

  const onSaved = (id: number, from: number) => {
    setEditing(null);
    setCatalogue(null);
    setRemoving(null);
    setAdding(null);
    select(id, from);
    // show the new version against the one it came from
    setTab('versions');
  };

  return (
    <>
      <PageHeader
        title="Armoury"
        description={
          <>
            Factions, units, weapons, equipment and rules of the selected ruleset pack. Values marked <ProvisionalMark /> fill gaps in the designer’s documents
            until official numbers are published.
          </>
        }
        actions={versions.data && <VersionPicker versions={versions.data} value={selectedId} onChange={select} />}
      />
      <ErrorAlert error={versions.error ?? pack.error} />
      {(versions.isLoading || pack.isLoading) && (
        <Group>
          <Loader size="sm" /> <Text size="sm">Loading the pack…</Text>
        </Group>
      )}
      {pack.data && selectedId !== undefined && (
        <>
          {pack.data.version.campaigns > 0 && (
            <Alert
              color="blue"
              mb="md"
              title={`${pack.data.version.campaigns} campaign${pack.data.version.campaigns === 1 ? ' is' : 's are'} pinned to this version`}
            >
              Edits never change it: they are saved as a new version, and the pinned campaigns keep playing by this one.
            </Alert>
          )}
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="factions">Factions</Tabs.Tab>
              <Tabs.Tab value="units">Units</Tabs.Tab>
              <Tabs.Tab value="weapons">Weapons</Tabs.Tab>
              <Tabs.Tab value="equipment">Equipment</Tabs.Tab>
              <Tabs.Tab value="rules">Rules</Tabs.Tab>
              <Tabs.Tab value="campaign">Missions and campaign</Tabs.Tab>
              <Tabs.Tab value="rulings">Rulings</Tabs.Tab>
              <Tabs.Tab value="versions">Versions and changes</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="factions">
              <FactionsTab
                pack={pack.data.pack}
                onPick={(name) => {
                  setSearch(name);
                  setTab('units');
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="units">
              <UnitBrowser
                pack={pack.data.pack}
                search={search}
                onSearch={setSearch}
                onEdit={setEditing}
                onRemove={setRemoving}
                onAdd={(f) => setAdding(f ?? '')}
              />
            </Tabs.Panel>
            {(['weapons', 'equipment', 'rules'] as const).map((t) => (
              <Tabs.Panel key={t} value={t}>
                <SearchInput label={`Search ${t}`} value={search} onSearch={setSearch} w={320} mb="md" />
                {t === 'weapons' && (
                  <WeaponsTab
                    pack={pack.data.pack}
                    search={search}
                    onEdit={(weapon) => setCatalogue({ edit: 'weapon', weapon })}
                    onNew={(kind) => setCatalogue({ edit: 'weapon', kind })}
                    onRetire={(entry) => setCatalogue({ retire: 'weapons', entry })}
                  />
                )}
                {t === 'equipment' && (
                  <EquipmentTab
                    pack={pack.data.pack}
                    search={search}
                    onEdit={(item) => setCatalogue({ edit: 'equipment', item })}
                    onNew={() => setCatalogue({ edit: 'equipment' })}
                    onRetire={(entry) => setCatalogue({ retire: 'equipment', entry })}
                  />
                )}
                {t === 'rules' && <RulesTab pack={pack.data.pack} search={search} />}
              </Tabs.Panel>
            ))}
            <Tabs.Panel value="campaign">
              <CampaignTab pack={pack.data.pack} />
            </Tabs.Panel>
            <Tabs.Panel value="rulings">
              <RulingsPanel key={selectedId} pack={pack.data.pack} baseVersionId={selectedId} onSaved={onSaved} />
            </Tabs.Panel>
            <Tabs.Panel value="versions">
              {versions.data && <VersionsPanel versions={versions.data} selectedId={selectedId} diffFrom={diffFrom} onSelect={(id) => select(id)} />}
            </Tabs.Panel>
          </Tabs>
          {editing && <UnitFormModal pack={pack.data.pack} baseVersionId={selectedId} unit={editing} onClose={() => setEditing(null)} onSaved={onSaved} />}
          {removing && <RemoveUnitModal pack={pack.data.pack} baseVersionId={selectedId} unit={removing} onClose={() => setRemoving(null)} onSaved={onSaved} />}
          {adding !== null && (
            <UnitFormModal pack={pack.data.pack} baseVersionId={selectedId} factionId={adding || undefined} onClose={() => setAdding(null)} onSaved={onSaved} />
          )}
          {catalogue && (
            <CatalogueDialog catalogue={catalogue} pack={pack.data.pack} baseVersionId={selectedId} onClose={() => setCatalogue(null)} onSaved={onSaved} />
          )}
        </>
      )}
    </>
  );
}
