import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks';

/**
 * The pack version a screen shows: `?v=<id>` in the address (so a link or a
 * reload keeps it), else the newest stored version. Shared by the Armoury and
 * the Bestiary.
 */
export function usePackVersion() {
  const [params, setParams] = useSearchParams();
  const versions = useApiQuery('rulesets.list', {});
  const fromUrl = Number(params.get('v'));
  const selectedId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : versions.data?.[0]?.id;
  const pack = useApiQuery('rulesets.get', { versionId: selectedId }, { enabled: selectedId !== undefined });
  // `from`: the version an edit started from, which the Versions tab compares the selected one with
  const fromParam = Number(params.get('from'));
  const diffFrom = Number.isInteger(fromParam) && fromParam > 0 ? fromParam : undefined;
  const select = (id: number, from?: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('v', String(id));
        if (from !== undefined) next.set('from', String(from));
        else next.delete('from');
        return next;
      },
      { replace: true },
    );
  return { versions, selectedId, diffFrom, pack, select };
}
