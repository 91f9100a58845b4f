import { confirmFields } from '../armoury/edit-pack';
import { PackEditModal } from '../armoury/PackEditModal';
import type { VersionEditProps } from '../armoury/useSaveVersion';

const FACES = ['1–2', '3–4', '5–6'] as const;

/** Changes a province's name and its three-creature table into a new pack version. */
export function ProvinceEditModal({ provinceId, ...props }: VersionEditProps & { provinceId: string }) {
  const { pack } = props;
  const p = pack.provinces.find((x) => x.id === provinceId)!;
  const options = pack.cryptids.map((c) => ({ value: c.id, label: `${c.name}${c.class === 'boss' ? ' (Boss)' : ''}` }));
  return (
    <PackEditModal
      {...props}
      title={`Edit ${p.name}`}
      columns={1}
      defaultNote={`${p.name} table edited`}
      fields={[
        { name: 'name', label: 'Province name', kind: 'text', max: 80, value: p.name, required: true },
        ...FACES.map((face, i) => ({ name: `slot${i}`, label: `D6 ${face}`, kind: 'select' as const, value: p.cryptids[i]!, options })),
        { name: 'text', label: 'Description', kind: 'long-text', max: 4000, value: p.text },
      ]}
      apply={(draft, v, confirmed) => {
        const t = draft.provinces.find((x) => x.id === provinceId)!;
        t.name = String(v.name);
        t.cryptids = [String(v.slot0), String(v.slot1), String(v.slot2)];
        t.text = String(v.text ?? '');
        if (confirmed) t.provisional = confirmFields(t.provisional, ['name', 'cryptids', 'text']);
      }}
    />
  );
}
