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
  const select = (id: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('v', String(id));
        return next;
      },
      { replace: true },
    );
  return { versions, selectedId, pack, select };
}
