import { candidate } from '@app/contract/resources/crm/candidate';
import {
  candidateImport,
  candidateImportPreview,
  type DuplicateHandling,
  type ImportField,
  type ImportReport,
  importFieldLabels,
  importFields,
  importMappingProblems,
  importMaxBytes,
} from '@app/contract/resources/crm/candidate-import';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Radio,
  ScrollArea,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, callApi } from '../../kit/api';
import { messageOf, notifySuccess } from '../../kit/notify';
import { resourceKey } from '../../kit/use-resource';

type Preview = Awaited<ReturnType<typeof callApi<typeof candidateImportPreview>>>;
type Mapping = Record<string, ImportField | null>;

/** The file's text, refused here when it is too big or not UTF-8 (the server checks again). */
const readText = async (file: File) => {
  if (file.size > importMaxBytes) throw new Error('The file is larger than 10 MB');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new Error('The file is not UTF-8 text; save it as "CSV UTF-8" and try again');
  }
};

/** The real run, read line by line as the server streams it: progress, then the report or an error. */
const runImport = async (body: Record<string, unknown>, onProgress: (processed: number, total: number) => void) => {
  const response = await fetch(`/api${candidateImport.path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/x-ndjson', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) {
    const envelope = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, envelope?.message ?? `The import failed (${response.status})`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let report: ImportReport | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = done ? '' : (lines.pop() ?? '');
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as { processed?: number; total?: number; report?: ImportReport; error?: { message: string } };
      if (message.error) throw new Error(`${message.error.message}. Nothing was imported.`);
      if (message.report) report = message.report;
      else if (message.processed !== undefined) onProgress(message.processed, message.total ?? 0);
    }
    if (done) break;
  }
  if (!report) throw new Error('The import stopped before it finished. Nothing was imported.');
  return report;
};

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The rows not imported, as CSV a recruiter can fix and import again. */
const downloadProblems = (report: ImportReport) => {
  const lines = ['Row,Outcome,Name,Email,Problems'];
  for (const row of report.rows.filter((r) => r.outcome === 'error' || r.outcome === 'skip')) {
    const problems = [...row.problems, ...row.warnings].map((p) => (p.field ? `${p.field}: ${p.message}` : p.message));
    if (row.sameAsRow) problems.push(`Same email or phone as row ${row.sameAsRow}`);
    if (row.duplicates.length && row.outcome === 'skip' && !row.sameAsRow) problems.push('Already a candidate');
    lines.push([String(row.row), row.outcome, row.name ?? '', row.email ?? '', problems.join('; ')].map(cell).join(','));
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }));
  link.download = 'candidate-import-problems.csv';
  document.body.append(link);
  link.click();
  link.remove();
};

const outcomeColour = { create: 'teal', update: 'blue', skip: 'gray', error: 'red' } as const;

const ReportTable = ({ report }: { report: ImportReport }) =>
  report.rows.length === 0 ? (
    <Text c="dimmed">No row has a problem or a duplicate.</Text>
  ) : (
    <ScrollArea.Autosize mah={320}>
      <Table striped aria-label="Rows with problems or duplicates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Candidate</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.row}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>{[row.name, row.email].filter(Boolean).join(' · ') || '—'}</Table.Td>
              <Table.Td>
                <Badge color={outcomeColour[row.outcome]}>{row.outcome}</Badge>
              </Table.Td>
              <Table.Td>
                {[...row.problems, ...row.warnings].map((p) => (
                  <Text key={`${p.field}${p.message}`} size="sm">
                    {p.field ? `${p.field}: ` : ''}
                    {p.message}
                  </Text>
                ))}
                {row.sameAsRow ? <Text size="sm">Same email or phone as row {row.sameAsRow}</Text> : null}
                {row.duplicates.length > 0 ? (
                  <Text size="sm">Already a candidate: {row.duplicates.map((d) => d.itemId?.combined ?? d._id).join(', ')}</Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );

const counts = (report: ImportReport, verb: 'would' | 'did') =>
  verb === 'would'
    ? `${report.created} to create, ${report.updated} to update, ${report.skipped} to skip, ${report.failed} with problems (of ${report.totalRows} rows)`
    : `${report.created} created, ${report.updated} updated, ${report.skipped} skipped, ${report.failed} failed (of ${report.totalRows} rows)`;

/**
 * Import candidates from a CSV file, as Bullhorn's import goes: choose the file, map its columns
 * (suggested from their names), check a dry run's problems and duplicates and choose what happens to
 * duplicates, import with a progress bar, and read the result (the rows left out downloadable).
 */
export const CandidateImportModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [duplicates, setDuplicates] = useState<DuplicateHandling>('skip');
  const [dryRun, setDryRun] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState<{ processed: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setStep(0);
    setFile(null);
    setCsv('');
    setPreview(null);
    setMapping({});
    setDuplicates('skip');
    setDryRun(null);
    setProgress(null);
    setResult(null);
    setError(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    if (!chosen) return;
    void attempt(async () => {
      const text = await readText(chosen);
      const answer = await callApi(candidateImportPreview, { csv: text });
      setCsv(text);
      setPreview(answer);
      setMapping(answer.suggested as Mapping);
    });
  };
  const mappingProblems = importMappingProblems(mapping);
  const check = (handling = duplicates) =>
    attempt(async () => {
      setDryRun(await callApi(candidateImport, { csv, mapping, dryRun: true, duplicates: handling }));
      setStep(2);
    });
  const start = () =>
    attempt(async () => {
      setStep(3);
      setProgress({ processed: 0, total: (dryRun?.created ?? 0) + (dryRun?.updated ?? 0) });
      try {
        const report = await runImport({ csv, mapping, dryRun: false, duplicates }, (processed, total) =>
          setProgress({ processed, total }),
        );
        setResult(report);
        setStep(4);
        notifySuccess(`Candidates imported: ${counts(report, 'did')}`);
        await queryClient.invalidateQueries({ queryKey: resourceKey(candidate) });
      } catch (failure) {
        setStep(2);
        throw failure;
      }
    });

  const taken = new Set(Object.values(mapping).filter(Boolean));
  const percent = progress && progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : 0;

  return (
    <Modal opened={opened} onClose={close} title="Import candidates" size="xl">
      <Stack>
        <Stepper active={step} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label="File" description="Choose a CSV">
            <Stack mt="md">
              <FileInput
                label="CSV file"
                description="Comma or semicolon separated, UTF-8, with a header row; at most 10 MB and 20,000 rows"
                placeholder="Choose a file"
                accept=".csv,text/csv"
                value={file}
                onChange={choose}
                clearable
              />
              {preview ? (
                <Text size="sm">
                  {preview.moreRows ? `More than ${preview.totalRows.toLocaleString('en-GB')}` : preview.totalRows} rows, columns:{' '}
                  {preview.headers.join(', ')}
                </Text>
              ) : null}
              {preview?.moreRows ? (
                <Alert color="red" title="Too many rows" role="alert">
                  The file has more than {preview.totalRows.toLocaleString('en-GB')} rows; split it into smaller files
                </Alert>
              ) : null}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Map columns" description="Which field each column fills">
            <Stack mt="md" gap="xs">
              {preview?.headers.map((header, i) => (
                <Group key={header} grow align="flex-end">
                  <Text size="sm" title={preview.rows.map((row) => row[i]).join(', ')}>
                    <b>{header}</b>
                    <br />
                    <Text span c="dimmed" size="xs">
                      {preview.rows[0]?.[i] || '—'}
                    </Text>
                  </Text>
                  <Select
                    label={`Field for column ${header}`}
                    placeholder="Do not import"
                    clearable
                    value={mapping[header] ?? null}
                    data={importFields.map((field) => ({
                      value: field,
                      label: importFieldLabels[field],
                      disabled: taken.has(field) && mapping[header] !== field,
                    }))}
                    onChange={(value) => setMapping({ ...mapping, [header]: (value as ImportField | null) ?? null })}
                  />
                </Group>
              ))}
              {mappingProblems.map((problem) => (
                <Text key={problem} c="red" size="sm" role="alert">
                  {problem}
                </Text>
              ))}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Check" description="A dry run, nothing written">
            {dryRun ? (
              <Stack mt="md">
                <Text>{counts(dryRun, 'would')}</Text>
                <Radio.Group
                  label="Candidates already in the CRM (same email or phone)"
                  value={duplicates}
                  onChange={(value) => {
                    setDuplicates(value as DuplicateHandling);
                    void check(value as DuplicateHandling);
                  }}
                >
                  <Group mt="xs">
                    <Radio value="skip" label="Skip them" />
                    <Radio value="update" label="Update them from the file" />
                    <Radio value="create" label="Create them anyway" />
                  </Group>
                </Radio.Group>
                <ReportTable report={dryRun} />
                <Text size="sm" c="dimmed">
                  Rows are written in file order, a few hundred at a time. Should the import stop part way, the rows already written stay
                  imported and the result lists every row that was not.
                </Text>
              </Stack>
            ) : null}
          </Stepper.Step>
          <Stepper.Step label="Import" description="A few hundred rows at a time">
            <Stack mt="md">
              <Progress value={percent} aria-label="Import progress" animated size="lg" />
              <Text size="sm" aria-live="polite">
                {progress ? `${progress.processed} of ${progress.total} candidates written` : 'Starting…'}
              </Text>
            </Stack>
          </Stepper.Step>
          <Stepper.Completed>
            {result ? (
              <Stack mt="md">
                <Alert color={result.failed > 0 ? 'yellow' : 'teal'} title={result.stopped ? 'Import stopped part way' : 'Import finished'}>
                  {counts(result, 'did')}
                  {result.stopped
                    ? `. ${result.stopped.message}; the rows before it are imported, the rows listed as not imported are not.`
                    : null}
                </Alert>
                <ReportTable report={result} />
                {result.failed + result.skipped > 0 ? (
                  <Group>
                    <Button variant="default" onClick={() => downloadProblems(result)}>
                      Download rows not imported
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            ) : null}
          </Stepper.Completed>
        </Stepper>
        {error ? (
          <Alert color="red" title="That did not work" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {step === 1 || step === 2 ? (
            <Button variant="default" onClick={() => setStep(step - 1)} disabled={busy}>
              Back
            </Button>
          ) : null}
          {step === 0 ? (
            <Button onClick={() => setStep(1)} disabled={!preview || preview.moreRows || busy}>
              Next
            </Button>
          ) : null}
          {step === 1 ? (
            <Button onClick={() => check()} disabled={mappingProblems.length > 0} loading={busy}>
              Check rows
            </Button>
          ) : null}
          {step === 2 && dryRun ? (
            <Button onClick={start} disabled={dryRun.created + dryRun.updated === 0} loading={busy}>
              Import {dryRun.created + dryRun.updated} candidates
            </Button>
          ) : null}
          {step === 4 ? <Button onClick={close}>Done</Button> : null}
        </Group>
      </Stack>
    </Modal>
  );
};
