import { useEffect, useRef, useState } from 'react';
import { api, saveFile } from '../../api/transport';
import { useApiMutation, useApiQuery } from '../../api/hooks';

/**
 * A batch print job on the backend: starting it, polling its progress while it runs, cancelling it, and its files
 * once done (saved one after the other, or opened one at a time in the preview).
 */
export function useBatchJob() {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useApiMutation('print.startBatch');
  const cancel = useApiMutation('print.cancelJob');
  const status = useApiQuery(
    'print.jobStatus',
    { jobId: jobId ?? '' },
    { enabled: !!jobId, refetchInterval: (q) => (q.state.data?.state === 'running' ? 250 : false), staleTime: 0 },
  );
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState<'all' | null>(null);
  /** The batch file open in the preview: the one PDF (`single`) or the file at an index. */
  const [previewing, setPreviewing] = useState<{ index?: number; name: string } | null>(null);
  const s = status.data;

  useEffect(() => {
    setSaveError(null);
    setPreviewing(null);
  }, [jobId]);
  // a one-PDF batch opens in the preview when it is done: no extra click between the progress and Save
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (s?.state === 'done' && s.files.length === 1 && opened.current !== s.jobId) {
      opened.current = s.jobId;
      setPreviewing({ name: s.files[0]! });
    }
  }, [s]);

  /** Fetches one file of the finished batch and offers it for saving; false when the user declined. */
  const saveOne = async (index: number | undefined) => {
    const r = await api.call('print.jobResult', { jobId: jobId!, index });
    return saveFile(r.fileName, r.base64, 'application/pdf');
  };
  const saveAll = async () => {
    setSaving('all');
    setSaveError(null);
    try {
      // one after the other: a declined save dialog stops the walk
      for (let i = 0; i < (s?.files.length ?? 0); i++) if (!(await saveOne(i))) break;
    } catch (e) {
      setSaveError(e);
    } finally {
      setSaving(null);
    }
  };

  return {
    jobId,
    status: s,
    running: s?.state === 'running',
    files: s?.state === 'done' ? s.files : [],
    start: (input: Parameters<typeof start.mutate>[0]) => start.mutate(input, { onSuccess: (r) => setJobId(r.jobId) }),
    starting: start.isPending,
    startError: start.error,
    cancel: () => cancel.mutate({ jobId: jobId! }, { onSuccess: () => status.refetch() }),
    cancelling: cancel.isPending,
    saveAll,
    saving,
    saveError,
    previewing,
    setPreviewing,
  };
}
export type BatchJob = ReturnType<typeof useBatchJob>;
