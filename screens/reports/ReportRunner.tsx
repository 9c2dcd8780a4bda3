/**
 * Runs one report: its parameters (defaults filled in), then either the external report's link (spec §7:
 * URL + reportUnit + each param), opened in a new tab and shown, or a built-in report's result. A parameter in
 * error (a day typed that is none: 31/02/2026) keeps what was typed and says so, and the report does not run until
 * it is corrected or cleared: it used to run without that bound.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, HStack, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import type { FieldError } from '../../engine/errors';
import type { ReportSummary } from './reportsApi';
import { reportLink } from '../../engine/reports/link';
import { optionsOf, type ReportParam } from '../../engine/reports/model';
import { resolveParams } from '../../engine/reports/params';
import type { ReportResult } from '../../engine/reports/query';
import { FormField } from '../../widgets/FormField';
import { DayInput } from '../../widgets/DayInput';
import { NumberInput } from '../../widgets/SchemaForm/NumberInput';
import { fieldMessage } from '../../widgets/SchemaForm/fieldMessage';
import { useFocusFirstError } from '../../widgets/SchemaForm/useFocusFirstError';
import { openInNewTab } from '../../widgets/openInNewTab';
import { saveFile } from '../../widgets/saveFile';
import { showError } from '../../widgets/toaster';
import { reportFailure } from '../app/feedback';
import { reportCalls } from './calls';
import { ReportResultView } from './ReportResultView';

/** A number parameter's value as the run sends it (engine/reports/params.ts). */
const NUMBER = /^-?\d+(\.\d+)?$/;

const initialValues = (params: readonly ReportParam[]) => Object.fromEntries(params.map((p) => [p.nombre, p.defecto ?? '']));

/** `wrong`: a day field names its text wrong now (see DayInput). */
function ParamInput({ p, value, onChange }: { p: ReportParam; value: string; onChange: (v: string, wrong?: boolean) => void }) {
  const { t } = useTranslation();
  if (p.tipo === 'booleano')
    return (
      <Checkbox.Root checked={value === 'true'} onCheckedChange={(e) => onChange(e.checked === true ? 'true' : 'false')}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{p.etiqueta || p.nombre}</Checkbox.Label>
      </Checkbox.Root>
    );
  if (p.tipo === 'lista')
    return (
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{t('reports.any')}</option>
          {optionsOf(p).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  if (p.tipo === 'fecha') return <DayInput value={value} onChange={onChange} />;
  // read in the user's language ("1,5" in Spanish), sent as the run expects it ("1.5"); text that is no number
  // stays as typed, so the run names it (a browser's number input handed such text on as empty)
  if (p.tipo === 'numero')
    return <NumberInput size="sm" integer={false} empty="" value={NUMBER.test(value) ? Number(value) : value} onValue={(v) => onChange(v === undefined ? '' : String(v))} />;
  return <Input size="sm" value={value} onChange={(e) => onChange(e.target.value)} />;
}

export function ReportRunner({ report, objetoId, contexto }: { report: ReportSummary; objetoId?: number; contexto?: string }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(report.parametros));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [link, setLink] = useState<string | null>(null);
  const [result, setResult] = useState<(ReportResult & { params: Record<string, string> }) | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFocusFirstError<HTMLFormElement>();

  const labelOf = (p: ReportParam) => p.etiqueta || p.nombre;
  const messageOf = (e: FieldError) => {
    const p = report.parametros.find((x) => `params.${x.nombre}` === e.field);
    return fieldMessage([e], p ? labelOf(p) : '', t, (k) => i18n.exists(k)) ?? undefined;
  };
  // a changed value loses the last run's message; a day typed wrong is named once left, as in a form
  const change = (p: ReportParam, v: string, wrong = false) => {
    setValues((old) => ({ ...old, [p.nombre]: v }));
    setErrors((old) => ({ ...old, [p.nombre]: wrong ? t('validation.date') : undefined }));
  };

  const run = async (open: boolean) => {
    const checked = resolveParams(report.parametros, values);
    setErrors(Object.fromEntries(checked.errors.map((e) => [e.field.slice('params.'.length), messageOf(e)])));
    if (checked.errors.length) {
      form.focus();
      return;
    }
    setBusy(true);
    try {
      if (report.builtin) setResult(await reportCalls.data(report.id, checked.params, objetoId));
      else {
        const url = reportLink(await reportCalls.run(report.id, checked.params, objetoId, contexto));
        setLink(url);
        if (url && open && !openInNewTab(url)) showError(t('reports.popupBlocked'));
      }
    } catch (e) {
      if (e instanceof ApiError) reportFailure(e);
    } finally {
      setBusy(false);
    }
  };

  // a built-in report whose parameters need nothing from the user shows its data at once
  useEffect(() => {
    if (report.builtin && !resolveParams(report.parametros, values).errors.length) void run(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [report.id]);

  return (
    <Stack gap="3">
      {report.parametros.length > 0 && (
        // noValidate: a required parameter's input says so (required), and run() names what is missing, not the browser's bubble
        <HStack asChild gap="3" align="flex-end" wrap="wrap">
          <form ref={form.ref} noValidate onSubmit={(e) => (e.preventDefault(), void run(true))}>
            {report.parametros.map((p) => (
              <FormField key={p.nombre} label={p.tipo === 'booleano' ? '' : labelOf(p)} required={p.requerido} error={errors[p.nombre]}>
                <ParamInput p={p} value={values[p.nombre] ?? ''} onChange={(v, wrong) => change(p, v, wrong)} />
              </FormField>
            ))}
          </form>
        </HStack>
      )}
      <HStack>
        <Button size="sm" colorPalette="brand" loading={busy} onClick={() => void run(true)}>
          {report.builtin ? t('reports.show') : t('reports.open')}
        </Button>
      </HStack>
      {link && (
        <Text textStyle="sm">
          {t('reports.linkIs')}{' '}
          <Link href={link} target="_blank" rel="noopener" data-testid="report-link" wordBreak="break-all">
            {link}
          </Link>
        </Text>
      )}
      {result && (
        <ReportResultView
          result={result}
          title={report.descripcion}
          onExport={async (format) => {
            const file = await reportCalls.exportResult(report.id, result.params, objetoId, format, i18n.language);
            saveFile(file.blob, file.name || `${report.descripcion}.${format}`);
          }}
        />
      )}
    </Stack>
  );
}
