/**
 * Renders any entity's form from its metadata (schema + ui.json) with RJSF and the project's Chakra
 * widgets. Validation runs the engine's rules (validator.ts); each field shows one translated message
 * (spec §5). Server field errors of a 4xx reply land on their fields. Labels: labelKeys.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { withTheme } from '@rjsf/core';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import type { FieldError } from '../../engine/errors';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { EntityRules } from '../../engine/metadata/rules';
import type { OptionsSource, SchemaFormContext } from './context';
import { formTheme, formWidgets } from './theme';
import { prepareUi } from './uiSchema';
import { useServerErrors } from './useServerErrors';
import { createEngineValidator } from './validator';
import { focusFirstError } from './focusFirstError';
import { sameData } from './sameData';

export type { OptionsSource } from './context';

export type FormRecord = Record<string, unknown>;

export interface SchemaFormProps {
  entity: ResolvedEntity;
  formData?: FormRecord;
  onChange?: (data: FormRecord) => void;
  /** Called with the data once it passes validation. */
  onSubmit: (data: FormRecord) => void;
  /** Show mode: every value as text (a read-only detail layout, not inputs), no add / remove in child tables. */
  readOnly?: boolean;
  /** Field errors of a 4xx reply (`errors` of the API error body); each goes once its field is changed. */
  serverErrors?: readonly FieldError[];
  /** Remote select options (`{list}/select`). */
  optionsSource: OptionsSource;
  /** Id of the <form>, so a button elsewhere (SubHeader) can submit it with `form={formId}`. */
  formId?: string;
  /** Custom submit area inside the form; none by default. */
  children?: ReactNode;
  /** The entity's own rules (schemas/<entity>/rules.ts), checked while the user types as on the server. */
  rules?: EntityRules;
  /** The data on screen differs from the data given (and its defaults): typed data not saved yet. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Id of the record shown (default: the data's `id`); a select with `excludeSelf` does not offer it. */
  recordId?: string | number | null;
}

const Form = withTheme<FormRecord, RJSFSchema, SchemaFormContext>(formTheme);
/** A `const` (a box that must be ticked) is a rule to meet, not a value to fill in. */
const defaultsBehavior = { constAsDefaults: 'never' } as const;

export function SchemaForm({ entity, formData, onChange, onSubmit, readOnly, serverErrors, optionsSource, formId, children, rules, onDirtyChange, recordId: givenId }: SchemaFormProps) {
  const [tried, setTried] = useState(false);
  // the data on screen: the latest of the formData prop and the user's changes
  const [current, setCurrent] = useState(formData);
  const [given, setGiven] = useState(formData);
  // the data "unchanged" is measured against: new data from outside, not the echo of the user's own edit
  const [base, setBase] = useState(formData);
  const emitted = useRef<unknown>(undefined);
  if (formData !== given) {
    setGiven(formData);
    setCurrent(formData);
    if (formData !== emitted.current) setBase(formData);
  }
  const schema = entity.schema as RJSFSchema;
  // selects holding typed text that picked nothing, by field path: each an error of its field, so the form does not
  // save a value other than the one shown
  const unpicked = useRef(new Map<string, string>());
  const setUnpicked = useCallback((path: string, text: string | null) => {
    if (text === null) unpicked.current.delete(path);
    else unpicked.current.set(path, text);
  }, []);
  const validator = useMemo(
    () => createEngineValidator<FormRecord>(schema, rules, () => [...unpicked.current].map(([field, text]) => ({ field, code: 'unpicked', params: { text } }))),
    [schema, rules],
  );
  const uiSchema = useMemo(
    () => prepareUi(entity.schema, entity.ui, formWidgets, entity.references, entity.name),
    [entity.schema, entity.ui, entity.references, entity.name],
  );
  const recordId = givenId ?? (formData?.id as string | number | undefined) ?? null;
  // the record only in view mode, where it does not change while shown (a value named within another field's)
  const shownRecord = readOnly ? current : undefined;
  const formContext = useMemo(
    () => ({ entity: entity.name, optionsSource, recordId, viewMode: readOnly === true, setUnpicked, ...(shownRecord ? { record: shownRecord } : {}) }),
    [entity.name, optionsSource, recordId, readOnly, shownRecord, setUnpicked],
  );
  const extraErrors = useServerErrors<FormRecord>(serverErrors, current);
  // what "unchanged" means: the data given, with the defaults the form fills in
  const baseline = useMemo(
    () => getDefaultFormState<FormRecord>(validator, schema, base, schema, false, defaultsBehavior),
    [validator, schema, base],
  );
  const dirty = useRef(false);
  const setDirty = (value: boolean) => {
    if (dirty.current === value) return;
    dirty.current = value;
    onDirtyChange?.(value);
  };
  useEffect(() => {
    // new data from outside (loaded, saved): nothing typed is pending
    dirty.current = false;
    onDirtyChange?.(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);
  const formRef = useRef<HTMLFormElement | null>(null);
  // the focus is taken from where it was at the refusal: a user who moves on before the errors are marked stays
  const focusAfterRender = () => {
    const since = document.activeElement;
    requestAnimationFrame(() => focusFirstError(formRef.current, since));
  };
  // a refused save: the first field the server named is shown and focused, and from then on fields are checked as
  // they are typed, as after a save the form refused itself (a field emptied after a server's refusal said nothing)
  useEffect(() => {
    if (!serverErrors?.length) return;
    setTried(true);
    focusAfterRender();
  }, [serverErrors]);
  return (
    <Form
      ref={(f) => {
        formRef.current = (f?.formElement?.current as HTMLFormElement | null | undefined) ?? null;
      }}
      id={formId}
      idPrefix={formId ? `${formId}_root` : undefined}
      schema={schema}
      uiSchema={uiSchema}
      formData={current}
      formContext={formContext}
      validator={validator}
      extraErrors={extraErrors}
      readonly={readOnly}
      noHtml5Validate
      showErrorList={false}
      focusOnFirstError={focusAfterRender}
      experimental_defaultFormStateBehavior={defaultsBehavior}
      liveValidate={tried ? 'onChange' : false}
      onChange={(e) => {
        setCurrent(e.formData);
        emitted.current = e.formData;
        setDirty(!sameData(e.formData, baseline));
        onChange?.(e.formData ?? {});
      }}
      onError={() => setTried(true)}
      onSubmit={(e) => onSubmit(e.formData ?? {})}
    >
      {children ?? <></>}
    </Form>
  );
}
